import { renderToStaticMarkup } from 'react-dom/server'
import type { EntryData } from '../../content/schema/collections.ts'
import { Island } from '../../renderer/Island.tsx'
import { renderedOnce } from '../../renderer/rendered-once.ts'
import MobileMenu from '../nav/MobileMenu.island.tsx'
import NavMenu from '../nav/NavMenu.island.tsx'
import { SearchButton } from '../search/SearchButton.tsx'
import { Container } from '../ui/Container.tsx'
import { currentAmong, headerCurrent, navigationHrefs } from './header-current.ts'
import { Logo } from './Logo.tsx'
import { SITE_FOOTER_ID } from './SiteFooter.tsx'
import { ThemeChoice } from './ThemeChoice.tsx'

/**
 * The site's header. Its contents follow from the site and from which of its links, if any, is
 * this page; every page it does not link to (most articles, tag pages, list pages) has the same
 * header, so the build renders it once per current link, not once per page: half a page's markup.
 * Its islands' ids come from a root of its own ("h" prefix), apart from the page's.
 */
export function SiteHeader({ site, path }: { site: EntryData<'site'>; path: string }) {
  const current = headerCurrent(site.navigation, path)
  const html = renderedOnce(`header\n${current ?? ''}`, () =>
    renderToStaticMarkup(<HeaderBar site={site} current={current} />, { identifierPrefix: 'h' }),
  )
  return (
    <header
      className="fixed inset-x-0 top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}

/** What the header holds; `current` is this page's address if the header links to it. */
function HeaderBar({ site, current }: { site: EntryData<'site'>; current: string | undefined }) {
  const { menus, links } = site.navigation
  const { open } = site.search
  const linked = (hrefs: string[]) => currentAmong(hrefs, current)
  // The search button and theme control at the foot of the small-screen menu: static HTML
  // handed to the menu island, so they add nothing to the JavaScript it loads.
  const menuTools = renderToStaticMarkup(
    <div className="flex items-center justify-between gap-3">
      <SearchButton label={open} />
      <ThemeChoice copy={site.theme} name="theme-menu" />
    </div>,
  )
  return (
    <Container className="flex h-16 items-center justify-between gap-4">
      <Logo name={site.name} currentPath={current} />
      <nav aria-label={site.ui.mainNavigation} className="hidden lg:block">
        <ul className="flex items-center gap-1">
          {menus.map((menu) => (
            <li key={menu.label}>
              <Island
                component={NavMenu}
                // The inline loader opens and closes the panel from the first press; React
                // starts when a visitor reaches for the menu, not on every page load.
                hydrate="interaction"
                props={{
                  ...menu,
                  currentPath: linked(menu.items.map((item) => item.href)),
                }}
              />
            </li>
          ))}
          {links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                aria-current={link.href === current ? 'page' : undefined}
                className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink aria-[current=page]:text-brand-700"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="ml-auto flex items-center gap-2">
        <SearchButton label={open} labelClassName="sr-only xl:not-sr-only" />
        <div className="hidden lg:block">
          <ThemeChoice copy={site.theme} name="theme" />
        </div>
      </div>
      <Island
        component={MobileMenu}
        hydrate="interaction"
        requiresJs
        props={{
          navigationLabel: site.ui.mainNavigation,
          label: site.ui.menu,
          menus,
          links,
          currentPath: linked(navigationHrefs(site.navigation)),
        }}
        serverHtml={{ toolsHtml: menuTools }}
      />
      {/* Without JavaScript the menu button is hidden; the footer holds the full navigation. */}
      <noscript>
        <a
          href={`#${SITE_FOOTER_ID}`}
          className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 lg:hidden"
        >
          {site.ui.menu}
        </a>
      </noscript>
    </Container>
  )
}
