// The page script's part of search: the search buttons, and the "/" and Ctrl/Cmd+K shortcuts,
// open the dialog, loading its code (and, from it, the index) on that first press only.
import { HELD_PRESS_ATTRIBUTE, HYDRATED_ATTRIBUTE } from '../../renderer/island-attributes.ts'
import { SEARCH_BUTTON, type Typing } from './search-button.ts'

/** Keys typed while the dialog loads (after "/", say), until its field has focus and takes them. */
let typing: Typing | undefined

function open(button: HTMLButtonElement) {
  if (typing && !typing.taken) return
  const pending: Typing = (typing = { text: '' })
  import('./open-search.tsx')
    // A module, not a destructured import: Vite wraps that in extra code, on every page.
    .then((search) => search.openSearch(button, pending))
    .catch((error: unknown) => {
      pending.taken = true
      console.error(error)
    })
}

/** Whether a key press is typing into something, where "/" must stay a slash. */
const isTyping = (target: EventTarget | null) =>
  (target as Element | null)?.closest?.('input,textarea,select,[contenteditable]')

export function handleSearch() {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>(SEARCH_BUTTON)
    if (button) open(button)
  })
  document.addEventListener('keydown', (event) => {
    if (typing && !typing.taken && event.key.length === 1 && !event.ctrlKey && !event.metaKey) {
      typing.text += event.key
      event.preventDefault()
      return
    }
    if (event.defaultPrevented || event.altKey) return
    const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !isTyping(event.target)
    const commandK = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey)
    if (!slash && !commandK) return
    // An open dialog (search, booking, request) keeps its keys.
    if (document.querySelector('[role="dialog"], dialog[open]')) return
    // Any search button: each carries the dialog's words. Focus returns to where it was.
    const button = document.querySelector<HTMLButtonElement>(SEARCH_BUTTON)
    if (!button) return
    event.preventDefault()
    open(button)
  })
  // The buttons work now; one pressed before this script ran opens the search at once.
  for (const button of document.querySelectorAll<HTMLButtonElement>(SEARCH_BUTTON)) {
    button.setAttribute(HYDRATED_ATTRIBUTE, 'true')
    if (!button.hasAttribute(HELD_PRESS_ATTRIBUTE)) continue
    button.removeAttribute(HELD_PRESS_ATTRIBUTE)
    open(button)
  }
}
