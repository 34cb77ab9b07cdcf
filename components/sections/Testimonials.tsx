import { Island } from '../../renderer/Island.tsx'
import TestimonialCarousel from '../carousels/TestimonialCarousel.island.tsx'
import { useSite } from '../site-context.tsx'
import { Quote } from 'lucide-react'
import { cardClass, SectionShell, type SectionHeadingProps } from './SectionShell.tsx'

export interface TestimonialsProps extends SectionHeadingProps {
  id?: string
  headingId: string
  items: { text: string; name: string; title: string }[]
}

/**
 * Several testimonials: a carousel island (previous/next, dots, wrap-around), every quote in the
 * server-rendered HTML. A single testimonial: a plain quote.
 */
export function Testimonials({ items, ...heading }: TestimonialsProps) {
  const { ui } = useSite()
  if (items.length > 1)
    return (
      <SectionShell {...heading}>
        <div data-testimonials>
          <Island
            component={TestimonialCarousel}
            hydrate="visible"
            props={{
              items,
              labels: {
                carousel: heading.heading,
                previous: ui.previous,
                next: ui.next,
                goTo: ui.goToTestimonial,
                slide: ui.slide,
              },
            }}
          />
        </div>
      </SectionShell>
    )
  return (
    <SectionShell {...heading}>
      <ul className="mx-auto grid max-w-3xl gap-6" data-testimonials>
        {items.map((item) => (
          <li key={item.name} className={`${cardClass} flex flex-col`}>
            <figure className="flex h-full flex-col">
              <Quote aria-hidden="true" className="size-8 text-brand-200" />
              <blockquote className="mt-4 flex-1 text-slate-700 lg:text-lg">
                <p>{item.text}</p>
              </blockquote>
              <figcaption className="mt-6">
                <span className="block font-semibold text-ink">{item.name}</span>
                <span className="block text-sm text-muted">{item.title}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </SectionShell>
  )
}
