import { ChevronRight } from 'lucide-react'
import { notSearched } from '../search/indexed-content.ts'

/** "Home > Page" trail; the last item is the current page. */
export function Breadcrumbs({
  label,
  items,
}: {
  label: string
  items: { label: string; path: string }[]
}) {
  return (
    <nav aria-label={label} {...notSearched}>
      <ol className="flex flex-wrap items-center gap-2 text-sm text-muted">
        {items.map((item, index) => {
          const isCurrent = index === items.length - 1
          return (
            <li key={item.path} className="flex items-center gap-2">
              {index > 0 && <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />}
              {isCurrent ? (
                <span aria-current="page" className="font-medium text-ink">
                  {item.label}
                </span>
              ) : (
                <a href={item.path} className="hover:text-brand-700 hover:underline">
                  {item.label}
                </a>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
