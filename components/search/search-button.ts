// The search's contract between its buttons (./SearchButton.tsx), its dialog (./SearchDialog.tsx)
// and the search itself (./SearchPanel.island.tsx).

/** The id of the page's search <dialog>; its buttons name it, so the inline loader opens it. */
export const SEARCH_DIALOG_ID = 'site-search'

/** The words the dialog shows (content/site.yaml `search`, plus the close label). */
export interface SearchCopy {
  title: string
  label: string
  placeholder: string
  hint: string
  searching: string
  results: string
  oneResult: string
  noResults: string
  noResultsHelp: string
  failed: string
  close: string
}
