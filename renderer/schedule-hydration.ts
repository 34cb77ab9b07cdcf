// When each island starts: its hydrate strategy says when it may, and a visitor reaching for it
// (pointer, focus, touch, a key or a press inside it) starts it at once, as does focus already
// inside it or the pointer over it when the page script arrives (a dialog the inline loader
// opened meanwhile, a menu hovered while the script loaded).
import type { HydrateOn } from './island-name.ts'

export function scheduleHydration(element: HTMLElement, when: HydrateOn, start: () => void) {
  let started = false
  const once = () => {
    if (started) return
    started = true
    start()
  }
  // Reached for: started once the frame that answers the press has been drawn. Hydrating inside
  // the press's own events put React's work (up to 190 ms on the mobile profile) before the
  // pointerdown was even handled; the inline loader answers and holds a press on an island that
  // has not started (renderer/page-script.ts), and the island replays it once it has.
  const reached = () => requestAnimationFrame(() => setTimeout(once))
  for (const type of ['pointerenter', 'focusin', 'touchstart', 'keydown', 'click'] as const)
    element.addEventListener(type, reached, { once: true, passive: true })
  // Reached for before this script ran: focus inside, or the pointer already over it.
  const reachedBefore = element.contains(document.activeElement) || element.querySelector(':hover')
  if (when === 'load' || reachedBefore) once()
  else if (when === 'idle') {
    if ('requestIdleCallback' in window) requestIdleCallback(once, { timeout: 2000 })
    else setTimeout(once, 200)
  } else if (when === 'visible') whenNearViewport(element, once)
}

function whenNearViewport(element: HTMLElement, callback: () => void) {
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect()
        callback()
      }
    },
    { rootMargin: '200px' },
  )
  // The island's wrapper is display: contents and has no box of its own to intersect: watch
  // what it renders instead.
  const targets = element.children.length ? [...element.children] : [element]
  targets.forEach((target) => observer.observe(target))
}
