// An island's server-rendered HTML props (renderer/Island.tsx, serverHtml): rendered in the page
// once, and not carried a second time, escaped, in the island's data-props.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import MobileMenu from '../../../components/nav/MobileMenu.island.tsx'
import { Island } from '../../../renderer/Island.tsx'

const TOOLS = '<button type="button" data-tool="search">Search the site</button>'

function render(serverHtml?: { toolsHtml: string }) {
  return renderToStaticMarkup(
    <Island
      component={MobileMenu}
      hydrate="interaction"
      props={{
        navigationLabel: 'Main',
        label: 'Menu',
        menus: [
          { label: 'Industries', items: [{ label: 'Fintech', href: '/industries/fintech' }] },
        ],
        links: [{ label: 'About Us', href: '/about' }],
      }}
      {...(serverHtml && { serverHtml })}
    />,
  )
}

const propsOf = (html: string) =>
  JSON.parse(html.match(/data-props="([^"]*)"/)![1]!.replaceAll('&quot;', '"')) as Record<
    string,
    unknown
  >

describe('an island’s server HTML', () => {
  it('is in the page once, and in the island’s props only as true', () => {
    const html = render({ toolsHtml: TOOLS })
    expect(html.split('data-tool="search"')).toHaveLength(2)
    expect(propsOf(html)).toMatchObject({ label: 'Menu', toolsHtml: true })
  })

  it('leaves an island without it as it was', () => {
    const html = render()
    expect(html).not.toContain('data-tool')
    expect(propsOf(html)).not.toHaveProperty('toolsHtml')
  })
})
