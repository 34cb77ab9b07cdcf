// The only script every page loads: it finds the islands in the HTML and hydrates each one
// as its own React root, loading its code when its hydrate strategy says so. It also opens the
// booking dialog from any booking link, loading the dialog on the first click.
import { createElement, type ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { bookingLinkClicked, upgradeBookingLinks } from '../components/booking/booking-links.ts'
import { islandName, type HydrateOn } from './island-name.ts'

const loaders = Object.fromEntries(
  Object.entries(
    import.meta.glob<{ default: ComponentType<Record<string, unknown>> }>(
      '/components/**/*.island.tsx',
    ),
  ).map(([file, load]) => [islandName(file), load]),
)

function schedule(element: HTMLElement, when: HydrateOn, hydrate: () => void) {
  let done = false
  const once = () => {
    if (done) return
    done = true
    hydrate()
  }
  // Whatever the strategy, a visitor reaching for the island hydrates it at once.
  for (const type of ['pointerenter', 'focusin', 'touchstart'] as const)
    element.addEventListener(type, once, { once: true, passive: true })
  if (when === 'load') once()
  else if (when === 'idle') {
    if ('requestIdleCallback' in window) requestIdleCallback(once, { timeout: 2000 })
    else setTimeout(once, 200)
  } else {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect()
          once()
        }
      },
      { rootMargin: '200px' },
    )
    // The island's wrapper is display: contents and has no box of its own to intersect: watch
    // what it renders instead.
    const targets = element.children.length ? [...element.children] : [element]
    targets.forEach((target) => observer.observe(target))
  }
}

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const { island = '', hydrate = 'load', prefix, props = '{}' } = element.dataset
  const load = loaders[island]
  if (!load) {
    console.error(`No island named "${island}"`)
    continue
  }
  schedule(element, hydrate as HydrateOn, () => {
    load()
      .then(({ default: Component }) => {
        hydrateRoot(element, createElement(Component, JSON.parse(props)), {
          identifierPrefix: prefix,
        })
        element.dataset.hydrated = 'true'
      })
      .catch((error: unknown) => console.error(`Island "${island}" failed to start`, error))
  })
}

upgradeBookingLinks()
document.addEventListener('click', (event) => {
  const link = bookingLinkClicked(event)
  if (!link) return
  event.preventDefault()
  import('../components/booking/open-booking.tsx')
    .then(({ openBooking }) => openBooking(link))
    .catch((error: unknown) => {
      console.error('The booking dialog failed to load', error)
      window.open(link.href, '_blank', 'noopener')
    })
})
