import { renderToStaticMarkup } from 'react-dom/server'
import { telHref } from '../../content/schema/phone.ts'
import type { EntryData } from '../../content/schema/collections.ts'
import { renderedOnce } from '../../renderer/rendered-once.ts'
import { Container } from '../ui/Container.tsx'
import { Logo } from './Logo.tsx'

/**
 * The footer's id: the no-JavaScript menu links to it, and every page holds its first paint until
 * it is parsed (Head.tsx).
 */
export const SITE_FOOTER_ID = 'site-navigation'

/** The site's footer: the same on every page, so the build renders it once. */
export function SiteFooter({ site }: { site: EntryData<'site'> }) {
  return (
    <footer
      id={SITE_FOOTER_ID}
      className="border-t border-slate-200 bg-slate-50 text-sm text-muted"
      dangerouslySetInnerHTML={{
        __html: renderedOnce('footer', () => renderToStaticMarkup(<FooterContent site={site} />)),
      }}
    />
  )
}

function FooterContent({ site }: { site: EntryData<'site'> }) {
  const { footer } = site
  return (
    <>
      <Container className="grid gap-10 py-12 lg:grid-cols-[1fr_3fr_1fr]">
        <div className="space-y-3">
          <Logo name={site.name} />
          <p className="max-w-xs">{footer.tagline}</p>
        </div>
        <nav
          aria-label={site.ui.footerNavigation}
          className="grid gap-8 sm:grid-cols-[1fr_2fr_1fr]"
        >
          {footer.columns.map((column) => (
            <div key={column.heading}>
              <h2 className="font-semibold text-ink">{column.heading}</h2>
              {/* Long columns (the industries) flow into two. */}
              <ul
                className={`mt-3 gap-x-6 space-y-2 ${column.links.length > 8 ? 'columns-2' : ''}`}
              >
                {column.links.map((link) => (
                  <li key={link.href} className="break-inside-avoid">
                    <a href={link.href} className="hover:text-brand-700 hover:underline">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div>
          <h2 className="font-semibold text-ink">{site.ui.contactHeading}</h2>
          <address className="mt-3 space-y-2 not-italic">
            <p>
              <a href={telHref(site.phone)} className="hover:text-brand-700 hover:underline">
                {site.phone}
              </a>
            </p>
            <p>
              <a href={`mailto:${site.email}`} className="hover:text-brand-700 hover:underline">
                {site.email}
              </a>
            </p>
            <p>{site.location}</p>
          </address>
        </div>
      </Container>
      <Container className="flex flex-col gap-4 border-t border-slate-200 py-6 sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {new Date().getFullYear()} {site.name}
        </p>
        <ul className="flex gap-6">
          {footer.legal.map((link) => (
            <li key={link.href}>
              <a href={link.href} className="hover:text-brand-700 hover:underline">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </Container>
    </>
  )
}
