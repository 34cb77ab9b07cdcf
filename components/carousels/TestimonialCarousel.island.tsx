// The home page's testimonials (spec §2.4 item 6, §4): one quote at a time, previous and next
// with wraparound, and a dot per quote that jumps to it. Not auto-rotating, so the current quote
// is announced politely when it changes.
import { useState } from 'react'
import { Button } from 'react-aria-components/Button'
import { TestimonialQuote, type Testimonial } from '../sections/TestimonialQuote.tsx'
import { CarouselButton } from '../ui/CarouselButton.tsx'
import { fillLabel, type CarouselLabels } from './carousel-labels.ts'
import { focusRing } from '../ui/focus-ring.ts'

export interface TestimonialCarouselProps {
  items: Testimonial[]
  labels: CarouselLabels & {
    /** A dot's label; "{index}" and "{count}" are replaced, e.g. "Show testimonial {index}". */
    goTo: string
  }
}

export default function TestimonialCarousel({ items, labels }: TestimonialCarouselProps) {
  const [current, setCurrent] = useState(0)
  const count = items.length
  const move = (step: number) => setCurrent((index) => (index + step + count) % count)

  return (
    // A group, not a second region: the section around it is already the landmark, named by
    // the same heading (axe's landmark-unique).
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label={labels.carousel}
      className="mx-auto max-w-3xl"
    >
      <div className="overflow-hidden">
        <div
          aria-live="polite"
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          // No style attribute in the page's HTML (the policy allows none: renderer/inline-sources.ts):
          // the first quote needs no offset, and React sets later ones through the DOM's style.
          style={current ? { transform: `translateX(-${current * 100}%)` } : undefined}
        >
          {items.map((item, index) => (
            <div
              key={item.name}
              role="group"
              aria-roledescription="slide"
              aria-label={fillLabel(labels.slide, index, count)}
              aria-hidden={index !== current}
              inert={index !== current}
              className="w-full shrink-0 px-2"
            >
              <TestimonialQuote item={item} />
            </div>
          ))}
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-4">
        <CarouselButton direction="previous" label={labels.previous} onPress={() => move(-1)} />
        <div className="flex items-center">
          {items.map((item, index) => (
            <Button
              key={item.name}
              aria-label={fillLabel(labels.goTo, index, count)}
              aria-current={index === current ? 'true' : undefined}
              onPress={() => setCurrent(index)}
              className={`group flex size-8 items-center justify-center rounded-full outline-none ${focusRing.ariaData}`}
            >
              <span
                aria-hidden="true"
                className={`block size-2.5 rounded-full transition-colors motion-reduce:transition-none ${index === current ? 'bg-brand-700' : 'bg-slate-400 group-hover:bg-slate-500'}`}
              />
            </Button>
          ))}
        </div>
        <CarouselButton direction="next" label={labels.next} onPress={() => move(1)} />
      </div>
    </div>
  )
}
