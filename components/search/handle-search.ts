// The page script's part of search: "/" and Ctrl/Cmd+K press a search button, whose press the
// inline loader answers by opening the search dialog (./SearchDialog.tsx), field focused.
import { SEARCH_BUTTON } from './search-button.ts'

/** Whether a key press is typing into something, where "/" must stay a slash. */
const isTyping = (target: EventTarget | null) =>
  (target as Element | null)?.closest?.('input,textarea,select,[contenteditable]')

export function handleSearch() {
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey) return
    const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !isTyping(event.target)
    const commandK = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey)
    if (!slash && !commandK) return
    // An open dialog (search, booking, request) keeps its keys.
    if (document.querySelector('[role="dialog"], dialog[open]')) return
    // Any search button opens the one dialog; focus returns to where it was when it closes.
    const button = document.querySelector<HTMLButtonElement>(SEARCH_BUTTON)
    if (!button) return
    // The "/" is not typed into the field that takes focus now.
    event.preventDefault()
    button.click()
  })
}
