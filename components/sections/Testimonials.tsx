import { Island } from '../../renderer/Island.tsx'
import TestimonialCarousel from '../carousels/TestimonialCarousel.island.tsx'
import { useSite } from '../site-context.tsx'
import { SectionShell, type SectionHeadingProps } from './SectionShell.tsx'
import { TestimonialQuote, type Testimonial } from './TestimonialQuote.tsx'

export interface TestimonialsProps extends SectionHeadingProps {
  id?: string
  headingId: string
  items: Testimonial[]
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
      <ul className="mx-auto max-w-3xl" data-testimonials>
        {items.map((item) => (
          <li key={item.name}>
            <TestimonialQuote item={item} />
          </li>
        ))}
      </ul>
    </SectionShell>
  )
}
