// The search itself, inside the prerendered search dialog (./SearchDialog.tsx): a field in the
// WAI-ARIA combobox pattern (role combobox, aria-controls, aria-activedescendant from React Aria's
// Autocomplete) over a list of results as links. Arrow keys move through the results while focus
// stays in the field, Enter opens one, Escape clears the field and then closes the dialog. A
// status line says what is happening, politely. An island: its HTML (the field, the hint) is in
// every page, and it starts as the dialog's field takes focus; what was typed before is kept
// (renderer/early-input.ts). Reopened, the dialog shows the last search, its words selected.
import { FileText, Search } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Autocomplete } from 'react-aria-components/Autocomplete'
import { Input } from 'react-aria-components/Input'
import { ListBox, ListBoxItem } from 'react-aria-components/ListBox'
import { SearchField } from 'react-aria-components/SearchField'
import { focusRing } from '../ui/focus-ring.ts'
import { Excerpt } from './Excerpt.tsx'
import { preloadSearch, searchSite, type SearchHit } from './pagefind.ts'
import type { SearchCopy } from './search-button.ts'

/** Typing pauses this long before a search, so each key press does not fetch index fragments. */
const TYPING_PAUSE_MS = 120

type Outcome =
  | { state: 'idle' }
  | { state: 'searching'; hits: SearchHit[] }
  | { state: 'found'; hits: SearchHit[] }
  | { state: 'failed' }

/** What the last finished search for a term gave. */
type Answer = { term: string } & ({ state: 'found'; hits: SearchHit[] } | { state: 'failed' })

function statusText(copy: SearchCopy, query: string, outcome: Outcome): string {
  switch (outcome.state) {
    case 'idle':
      return copy.hint
    case 'searching':
      return copy.searching
    case 'failed':
      return copy.failed
    case 'found':
      if (outcome.hits.length === 0) return copy.noResults.replaceAll('{query}', query.trim())
      if (outcome.hits.length === 1) return copy.oneResult
      return copy.results.replaceAll('{count}', String(outcome.hits.length))
  }
}

function useSearch(query: string): Outcome {
  const term = query.trim()
  const [answer, setAnswer] = useState<Answer>()
  useEffect(() => {
    if (!term) return
    let current = true
    const timer = setTimeout(() => {
      searchSite(term)
        .then((hits) => current && setAnswer({ term, state: 'found', hits }))
        .catch((error: unknown) => {
          console.error('Search failed', error)
          if (current) setAnswer({ term, state: 'failed' })
        })
    }, TYPING_PAUSE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [term])
  if (!term) return { state: 'idle' }
  if (answer?.term === term) return answer
  // The previous results stay listed while the next ones load, so the list does not flicker.
  return { state: 'searching', hits: answer?.state === 'found' ? answer.hits : [] }
}

export default function SearchPanel({ copy }: { copy: SearchCopy }) {
  const [query, setQuery] = useState('')
  const outcome = useSearch(query)
  const hits = 'hits' in outcome ? outcome.hits : []
  const none = outcome.state === 'found' && hits.length === 0
  // Started as the dialog opens: Pagefind loads while the first word is typed.
  useEffect(preloadSearch, [])

  return (
    <div className="flex min-h-0 flex-1 flex-col px-6 pt-4 pb-6">
      <Autocomplete inputValue={query} onInputChange={setQuery}>
        {/* type text: the field is a combobox, a role the HTML checker allows on a text input but
            not on a search input (ARIA in HTML), and this HTML is in every page. */}
        <SearchField type="text" aria-label={copy.label} className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
          />
          {/* The dialog exists to type in: its field takes focus as it opens (WAI-ARIA dialog
              pattern). The attribute is in the HTML, so the loader focuses it before any script. */}
          <Input
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            role="combobox"
            aria-expanded={hits.length > 0}
            placeholder={copy.placeholder}
            className={`block w-full rounded-lg border border-slate-300 bg-white py-3 pr-3 pl-11 text-base text-ink placeholder:text-slate-500 outline-none data-[focused]:border-brand-600 ${focusRing.field}`}
          />
        </SearchField>
        <p role="status" className="mt-3 text-sm text-muted">
          {statusText(copy, query, outcome)}
        </p>
        {none && <p className="mt-1 text-sm text-muted">{copy.noResultsHelp}</p>}
        {hits.length > 0 && (
          <ListBox
            aria-label={copy.title}
            items={hits}
            className="mt-3 -mx-2 min-h-0 flex-1 overflow-y-auto outline-none"
          >
            {(hit) => (
              <ListBoxItem
                id={hit.url}
                href={hit.url}
                textValue={hit.title}
                className={`flex cursor-pointer gap-3 rounded-lg px-3 py-3 text-left no-underline outline-none data-[focused]:bg-brand-50 data-[hovered]:bg-slate-50 ${focusRing.ariaData}`}
              >
                <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span className="min-w-0">
                  <span className="block font-semibold text-ink">{hit.title}</span>
                  <span className="mt-1 block text-sm text-slate-700">
                    <Excerpt html={hit.excerpt} />
                  </span>
                </span>
              </ListBoxItem>
            )}
          </ListBox>
        )}
      </Autocomplete>
    </div>
  )
}
