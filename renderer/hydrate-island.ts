// React's half of hydration. The page script (./start-islands.ts) imports this only when the
// first island starts, so React is never part of that script.
import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { LISTENING_ATTRIBUTE } from './island-attributes.ts'

export interface HydrationCallbacks {
  /** Right after React has committed the hydrated island, before any re-render of it. */
  onHydrated: () => void
  /** After the render that follows: what onHydrated changed has been rendered. */
  onSettled: () => void
}

/** Calls back once the island has hydrated and once it has settled. Renders nothing itself. */
function Hydration({
  children,
  onHydrated,
  onSettled,
}: HydrationCallbacks & { children?: ReactNode }) {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => {
    if (hydrated) return onSettled()
    onHydrated()
    // One more render on purpose: its commit is what onSettled waits for.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHydrated(true)
  }, [hydrated, onHydrated, onSettled])
  return children
}

export function hydrateIsland(
  element: HTMLElement,
  Component: ComponentType<Record<string, unknown>>,
  callbacks: HydrationCallbacks,
) {
  const { prefix, props = '{}' } = element.dataset
  // hydrateRoot listens at once: a press that begins from here on is React's (it hydrates the
  // island on the spot to answer it), and the inline loader must not answer it as well.
  element.setAttribute(LISTENING_ATTRIBUTE, '')
  hydrateRoot(
    element,
    createElement(Hydration, callbacks, createElement(Component, JSON.parse(props))),
    { identifierPrefix: prefix },
  )
}
