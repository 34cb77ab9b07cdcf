// The button that opens the site search: plain HTML, run by the page script (./handle-search.ts),
// which loads the dialog and the index only when it is pressed.
import { Search } from 'lucide-react'
import { PAGE_CONTROL_ATTRIBUTE } from '../../renderer/island-attributes.ts'
import { focusRing } from '../ui/focus-ring.ts'
import { searchButtonAttributes, type SearchCopy } from './search-button.ts'

export function SearchButton({
  copy,
  label,
  labelClassName,
  className = '',
}: {
  copy: SearchCopy
  /** The visible label, e.g. "Search". */
  label: string
  /** Classes of the label, e.g. to keep it for screen readers only where space is short. */
  labelClassName?: string
  className?: string
}) {
  return (
    <button
      {...searchButtonAttributes(copy)}
      // A press before the page script arrived is held and replayed (renderer/page-script.ts).
      {...{ [PAGE_CONTROL_ATTRIBUTE]: '' }}
      data-requires-js=""
      className={`inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink ${focusRing.control} ${className}`}
    >
      <Search aria-hidden="true" className="size-4" />
      <span className={labelClassName}>{label}</span>
      <kbd
        aria-hidden="true"
        className="hidden rounded border border-slate-300 px-1.5 font-sans text-xs text-muted xl:inline"
      >
        /
      </kbd>
    </button>
  )
}
