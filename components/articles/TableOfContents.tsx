import type { Heading } from '../../site/content.ts'
import { useSite } from '../site-context.tsx'

/** Long articles get one: a reader sees the shape of the piece and can jump to a part. */
export const TOC_MIN_HEADINGS = 4

/** The body's "##" and "###" headings as links to their anchors. */
export function TableOfContents({ headings }: { headings: Heading[] }) {
  const { articles } = useSite()
  const shown = headings.filter((heading) => heading.depth === 2 || heading.depth === 3)
  if (shown.filter((heading) => heading.depth === 2).length < TOC_MIN_HEADINGS) return null
  return (
    <nav
      aria-labelledby="toc-heading"
      className="rounded-xl border border-slate-200 bg-slate-50 p-5"
    >
      <h2 id="toc-heading" className="text-sm font-semibold tracking-wide text-ink uppercase">
        {articles.onThisPage}
      </h2>
      <ol className="mt-3 space-y-2 text-sm">
        {shown.map((heading) => (
          <li key={heading.id} className={heading.depth === 3 ? 'pl-4' : ''}>
            <a
              href={`#${heading.id}`}
              className="text-slate-700 hover:text-brand-700 hover:underline"
            >
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
