import { ChevronDown } from 'lucide-react'
import { Container } from '../ui/Container.tsx'

export interface FaqProps {
  id?: string
  title: string
  subtitle?: string
  items: { question: string; answer: string }[]
}

/**
 * Questions and answers. Native <details> sharing one `name` is an exclusive accordion with no
 * JavaScript: one answer open at a time, collapsible again, answers present in the HTML.
 */
export function Faq({ id = 'faq', title, subtitle, items }: FaqProps) {
  const headingId = `${id}-heading`
  return (
    <section id={id} aria-labelledby={headingId} className="py-20">
      <Container className="max-w-3xl">
        <h2 id={headingId} className="text-center text-3xl font-bold tracking-tight text-ink">
          {title}
        </h2>
        {subtitle && <p className="mt-3 text-center text-muted">{subtitle}</p>}
        <div className="mt-10 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {items.map((item) => (
            <details key={item.question} name={id} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-ink hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                />
              </summary>
              <p className="px-5 pb-5 text-muted">{item.answer}</p>
            </details>
          ))}
        </div>
      </Container>
    </section>
  )
}

/** The faq section type: the FAQ set it names, joined in by its resolver. */
export function FaqSection({ id, entry }: { id?: string; entry: Omit<FaqProps, 'id'> }) {
  return <Faq id={id} {...entry} />
}
