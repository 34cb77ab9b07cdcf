// Renders an interactive component as an island: its own React root on the server, with its
// own identifierPrefix so the ids React Aria generates match when the client hydrates it.
import { createElement, useId, type ComponentProps, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { islandName, type HydrateOn } from './island-name.ts'
import { renderedOnce } from './rendered-once.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any island's props
type AnyComponent = ComponentType<any>

const islandModules = import.meta.glob<{ default: AnyComponent }>('./**/*.island.tsx', {
  eager: true,
  base: '/components/', // ISLAND_GLOB_BASE (import.meta.glob takes literals only)
})
const namesByComponent = new Map<AnyComponent, string>(
  Object.entries(islandModules).map(([file, module]) => [module.default, islandName(file)]),
)

export function Island<C extends AnyComponent>(props: {
  component: C
  props: ComponentProps<C>
  hydrate?: HydrateOn
  /** Hidden when JavaScript is off (see Head's noscript style): for controls that need it. */
  requiresJs?: boolean
  /**
   * Props holding server-rendered HTML that the island keeps as it is (an element's
   * dangerouslySetInnerHTML, which React leaves alone on hydration and while the string does not
   * change). The server renders with them; the browser gets `true` in their place, so a page
   * does not carry that HTML twice, once in its markup and once escaped in data-props.
   */
  serverHtml?: { [K in keyof ComponentProps<C>]?: string }
}) {
  const { component, hydrate = 'load', requiresJs = false, serverHtml = {} } = props
  const name = namesByComponent.get(component)
  if (!name)
    throw new Error(
      `<Island> takes the default export of a components/**/*.island.tsx file; got ${component.displayName ?? component.name}`,
    )
  // useId is unique within the page render, so each island gets a distinct, stable prefix.
  const prefix = `${name.replace(/\W/g, '')}${useId().replace(/\W/g, '')}-`
  const kept = Object.fromEntries(Object.keys(serverHtml).map((key) => [key, true]))
  const json = JSON.stringify({ ...props.props, ...kept })
  // The HTML follows from the component, props and id prefix alone (the island is a React root of
  // its own, which is why it hydrates), and many recur from page to page.
  const html = renderedOnce(`${name}\n${prefix}\n${json}\n${JSON.stringify(serverHtml)}`, () =>
    renderToString(createElement(component, { ...props.props, ...serverHtml }), {
      identifierPrefix: prefix,
    }),
  )
  return (
    <div
      className="contents"
      data-island={name}
      data-hydrate={hydrate}
      data-prefix={prefix}
      data-props={json}
      data-requires-js={requiresJs || undefined}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
