// The About page's interviewers (spec §2.10, §4): 18 profiles in a looping Embla carousel,
// aligned to the start, a quarter of the width at md and a fifth at lg, moved with the previous
// and next buttons or the Left and Right arrow keys. Without motion when the visitor prefers so.
import useEmblaCarousel from 'embla-carousel-react'
import { useCallback, type KeyboardEvent } from 'react'
import { PersonSummary } from '../sections/PersonSummary.tsx'
import { CarouselButton } from '../ui/CarouselButton.tsx'
import { fillLabel, type CarouselLabels } from './carousel-labels.ts'
import { focusRing } from '../ui/focus-ring.ts'

export interface InterviewerProfile {
  id: string
  name: string
  role: string
  bio: string
  initials: string
}

export interface InterviewerCarouselProps {
  profiles: InterviewerProfile[]
  labels: CarouselLabels
}

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches

export default function InterviewerCarousel({ profiles, labels }: InterviewerCarouselProps) {
  const [viewport, embla] = useEmblaCarousel({ loop: true, align: 'start' })
  // Embla's "jump" moves without animation.
  const previous = useCallback(() => embla?.scrollPrev(prefersReducedMotion()), [embla])
  const next = useCallback(() => embla?.scrollNext(prefersReducedMotion()), [embla])
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      previous()
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      next()
    }
  }

  return (
    // No landmark of its own: the section around it is the region, named by the same heading
    // (axe's landmark-unique). The focusable viewport below is the carousel's named group.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- arrow keys from anywhere inside, as the carousel pattern asks
    <div onKeyDown={onKeyDown} className="relative">
      <div
        ref={viewport}
        // Focusable so the arrow keys work without reaching for a button first.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="group"
        aria-roledescription="carousel"
        aria-label={labels.carousel}
        className={`overflow-hidden rounded-xl ${focusRing.region}`}
      >
        <div className="-ml-4 flex touch-pan-y">
          {profiles.map((profile, index) => (
            <div
              key={profile.id}
              role="group"
              aria-roledescription="slide"
              aria-label={fillLabel(labels.slide, index, profiles.length)}
              className="min-w-0 shrink-0 grow-0 basis-full pl-4 sm:basis-1/2 md:basis-1/4 lg:basis-1/5"
              data-slide={profile.id}
            >
              <article className="flex h-full flex-col items-center rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm">
                <PersonSummary person={profile} variant="interviewer" />
              </article>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-6 flex justify-center gap-4">
        <CarouselButton direction="previous" label={labels.previous} onPress={previous} />
        <CarouselButton direction="next" label={labels.next} onPress={next} />
      </div>
    </div>
  )
}
