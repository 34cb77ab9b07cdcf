// The search button's contract between the server markup (./SearchButton.tsx), the page
// script (./handle-search.ts) and the dialog (./SearchDialog.tsx). The dialog's words travel
// on the button, as the booking dialog's do, so no page copy is bundled into JavaScript.

/** Marks a button that opens the search dialog; its value is the dialog's words, as JSON. */
export const SEARCH_BUTTON_ATTRIBUTE = 'data-search-copy'
export const SEARCH_BUTTON = `button[${SEARCH_BUTTON_ATTRIBUTE}]`

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

/** The attributes that make a button open the search. */
export const searchButtonAttributes = (copy: SearchCopy) => ({
  type: 'button' as const,
  'aria-haspopup': 'dialog' as const,
  'aria-keyshortcuts': '/ Control+K Meta+K',
  [SEARCH_BUTTON_ATTRIBUTE]: JSON.stringify(copy),
})

/** What the visitor types between pressing "/" and the dialog's field having focus. */
export interface Typing {
  text: string
  /** Set by the field when it has focus and has taken the text: typing goes to it from then on. */
  taken?: boolean
}
