import { useSite } from '../site-context.tsx'

/** Page links of a list: newer, each page number, older. Plain links; the current page is marked. */
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
    <nav aria-label={articles.pagination} className="mt-12">
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
        {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
          <li key={number}>
            <a
              href={pathOf(number)}
              aria-current={number === page ? 'page' : undefined}
              className={`${link} ${number === page ? 'bg-brand-700 text-white' : 'text-ink hover:bg-brand-50'}`}
            >
              {number}
            </a>
          </li>
        ))}
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
