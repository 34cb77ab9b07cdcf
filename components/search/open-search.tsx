// Opens the search dialog for a pressed search button. Loaded on the first press; renders the
// dialog in its own React root, created once and reused for later opens.
import { useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { SEARCH_BUTTON_ATTRIBUTE, type SearchCopy, type Typing } from './search-button.ts'
import { SearchDialog } from './SearchDialog.tsx'

let root: Root | undefined

// Here, not beside the attribute's name: the page script bundles that module, and needs only the name.
const readSearchCopy = (button: Element) =>
  JSON.parse(button.getAttribute(SEARCH_BUTTON_ATTRIBUTE) ?? '{}') as SearchCopy

/** The first call (as the field gains focus) ends the page script's buffering and gives its text. */
const taker = (typing: Typing) => () => {
  if (typing.taken) return undefined
  typing.taken = true
  return typing.text
}

function SearchDialogRoot({ copy, typing }: { copy: SearchCopy; typing: Typing }) {
  const [isOpen, setOpen] = useState(true)
  const [takeTyped] = useState(() => taker(typing))
  return (
    <SearchDialog
      copy={copy}
      typed={typing.text}
      takeTyped={takeTyped}
      isOpen={isOpen}
      onOpenChange={setOpen}
    />
  )
}

/** `typing`: what the visitor types until the field has focus, its first value. */
export function openSearch(button: HTMLButtonElement, typing: Typing = { text: '' }) {
  // The dialog returns focus to whatever had it: the button when pressed (some browsers do not
  // focus a clicked button), else where it was when a shortcut opened it.
  if (document.activeElement === document.body && button.offsetParent) button.focus()
  if (!root) {
    const host = document.createElement('div')
    host.dataset.searchDialog = ''
    document.body.append(host)
    root = createRoot(host, { identifierPrefix: 'search-' })
  }
  // A fresh key per opening: a new dialog, open, with a field holding only what was just typed.
  root.render(<SearchDialogRoot key={Date.now()} copy={readSearchCopy(button)} typing={typing} />)
}
