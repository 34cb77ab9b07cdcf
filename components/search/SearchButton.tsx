// The button that opens the site search: plain HTML. The inline loader (renderer/page-script.ts)
// opens the prerendered search dialog (./SearchDialog.tsx) at the first press, or at its
// shortcuts ("/", Ctrl/Cmd+K, declared in aria-keyshortcuts), before any script has arrived;
// only the search itself loads then.
import { Search } from 'lucide-react'
import { OPENS_DIALOG_ATTRIBUTE } from '../../renderer/dialog-attributes.ts'
import { focusRing } from '../ui/focus-ring.ts'
import { SEARCH_DIALOG_ID } from './search-button.ts'

export function SearchButton({
  label,
  labelClassName,
  className = '',
}: {
  /** The visible label, e.g. "Search". */
  label: string
  /** Classes of the label, e.g. to keep it for screen readers only where space is short. */
  labelClassName?: string
  className?: string
}) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-keyshortcuts="/ Control+K Meta+K"
      {...{ [OPENS_DIALOG_ATTRIBUTE]: SEARCH_DIALOG_ID }}
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
