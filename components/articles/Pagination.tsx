import { notSearched } from '../search/indexed-content.ts'
import { useSite } from '../site-context.tsx'

const GAP = 0
/** Numbers either side of the current page that get a link of their own. */
const AROUND = 2

/**
 * The page numbers to link: the first, the last, and those near `page`, with GAP where numbers
 * are left out, so a list of hundreds of pages still shows one short row.
 */
export function pageLinks(page: number, pages: number): number[] {
  const shown = Array.from({ length: pages }, (_, index) => index + 1).filter(
    (number) => number === 1 || number === pages || Math.abs(number - page) <= AROUND,
  )
  return shown.flatMap((number, index) => {
    const previous = shown[index - 1]
    if (previous === undefined || number === previous + 1) return [number]
    // A gap of a single page shows that page rather than an ellipsis standing for it.
    return number === previous + 2 ? [previous + 1, number] : [GAP, number]
  })
}

/** Page links of a list: newer, page numbers, older. Plain links; the current page is marked. */
export function Pagination({
  page,
  pages,
  pathOf,
}: {
  page: number
  pages: number
  pathOf: (page: number) => string
}) {
  const { articles } = useSite()
  if (pages < 2) return null
  const link = 'rounded-lg px-3 py-2 text-sm font-medium'
  return (
    <nav aria-label={articles.pagination} className="mt-12" {...notSearched}>
      <p className="sr-only">
        {articles.pageOf.replace('{page}', String(page)).replace('{pages}', String(pages))}
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <a
              href={pathOf(page - 1)}
              rel="prev"
              className={`${link} text-brand-700 hover:bg-brand-50`}
            >
              {articles.newer}
            </a>
          </li>
        )}
        {pageLinks(page, pages).map((number, index) =>
          number === GAP ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={number}>
              <a
                href={pathOf(number)}
                aria-current={number === page ? 'page' : undefined}
                className={`${link} ${number === page ? 'bg-brand-700 text-white' : 'text-ink hover:bg-brand-50'}`}
              >
                {number}
              </a>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <a
              href={pathOf(page + 1)}
              rel="next"
              className={`${link} text-brand-700 hover:bg-brand-50`}
            >
              {articles.older}
            </a>
          </li>
        )}
      </ul>
    </nav>
  )
}
