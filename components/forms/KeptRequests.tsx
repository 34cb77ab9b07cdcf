// The notice for requests kept in this browser (see kept-requests.ts), and their later send: on
// the page load after they were kept, and whenever the browser comes back online. The page
// script mounts it (mountKeptRequests) only when the browser holds kept requests or a form keeps
// one, so a visitor who never needed it never loads it; importing it mounts it, once.
import { createElement, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { Button } from '../ui/Button.tsx'
import { showToast } from '../ui/toast.ts'
import {
  discardKeptRequest,
  KEPT_REQUEST_DAYS,
  KEPT_REQUEST_SENT_EVENT,
  KEPT_REQUESTS_EVENT,
  KEPT_REQUESTS_KEY,
  readKeptRequests,
  THIS_PAGE,
  type KeptRequest,
  type KeptRequestSent,
} from './kept-requests.ts'
import { SendError, sendContactEmail } from './send-request.ts'

export interface KeptRequestsProps {
  notice: { label: string; summary: string; show: string; hide: string; discard: string }
  sent: { title: string; description: string }
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (match, key: string) => String(values[key] ?? match))

/** Sends the given kept requests one by one; stops at the first that cannot get through. */
async function sendKept(entries: KeptRequest[], sent: KeptRequestsProps['sent']) {
  for (const entry of entries) {
    try {
      await sendContactEmail(entry.body)
    } catch (error) {
      console.error('A kept request could not be sent yet:', error)
      // Unreachable again: the rest would fail the same way. A refused one stays for the visitor
      // to see and discard; the others may still go.
      if (!(error instanceof SendError) || error.retryable) return
      continue
    }
    discardKeptRequest(entry.requestId)
    // A form still showing this request says it was sent in its own words (spec §8) instead.
    const unclaimed = window.dispatchEvent(
      new CustomEvent<KeptRequestSent>(KEPT_REQUEST_SENT_EVENT, {
        detail: { requestId: entry.requestId },
        cancelable: true,
      }),
    )
    if (unclaimed) void showToast(sent)
  }
}

/** The element Layout renders on every page for the notice; its data-props hold the copy. */
export const KEPT_REQUESTS_HOST = 'data-kept-requests'

/** Mounts the notice into the page's host element (a module runs once: so does this). */
function mountKeptRequests() {
  const host = document.querySelector<HTMLElement>(`[${KEPT_REQUESTS_HOST}]`)
  if (!host) return
  const props = JSON.parse(host.dataset.props ?? '{}') as KeptRequestsProps
  createRoot(host, { identifierPrefix: 'kept-' }).render(createElement(KeptRequests, props))
}

export function KeptRequests({ notice, sent }: KeptRequestsProps) {
  // Empty on the server and on the first render, so hydration matches; filled from storage after.
  const [entries, setEntries] = useState<KeptRequest[]>([])
  const [isOpen, setOpen] = useState(false)
  const sending = useRef(false)

  useEffect(() => {
    const refresh = () => setEntries(readKeptRequests())
    const send = (which: (entry: KeptRequest) => boolean) => {
      if (sending.current) return
      const due = readKeptRequests().filter(which)
      if (!due.length) return
      sending.current = true
      void sendKept(due, sent).finally(() => {
        sending.current = false
      })
    }
    const onStorage = (event: StorageEvent) => {
      if (event.key === KEPT_REQUESTS_KEY) refresh()
    }
    const onOnline = () => send(() => true)
    refresh()
    // Requests kept on an earlier page go now; one kept on this page waits for the connection.
    send((entry) => entry.keptBy !== THIS_PAGE)
    window.addEventListener(KEPT_REQUESTS_EVENT, refresh)
    window.addEventListener('storage', onStorage)
    window.addEventListener('online', onOnline)
    return () => {
      window.removeEventListener(KEPT_REQUESTS_EVENT, refresh)
      window.removeEventListener('storage', onStorage)
      window.removeEventListener('online', onOnline)
    }
  }, [sent])

  if (!entries.length) return null
  const listId = 'kept-requests-list'
  return (
    <section
      aria-label={notice.label}
      className="fixed bottom-4 left-4 z-50 w-[calc(100%-2rem)] max-w-sm rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-ink shadow-lg"
    >
      <p>{fill(notice.summary, { count: entries.length, days: KEPT_REQUEST_DAYS })}</p>
      <Button
        variant="secondary"
        size="md"
        className="mt-3"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        onPress={() => setOpen((open) => !open)}
      >
        {isOpen ? notice.hide : notice.show}
      </Button>
      {isOpen && (
        <ul id={listId} className="mt-3 space-y-3">
          {entries.map((entry) => {
            const what = entry.title ?? entry.body.message.split('\n')[0]!.slice(0, 80)
            return (
              <li
                key={entry.requestId}
                className="flex items-start justify-between gap-3 border-t border-amber-200 pt-3"
              >
                <div className="min-w-0">
                  <p className="font-semibold break-words">{what}</p>
                  <p className="break-words text-muted">
                    {entry.body.name} &lt;{entry.body.email}&gt; ·{' '}
                    <time dateTime={new Date(entry.keptAt).toISOString()}>
                      {new Date(entry.keptAt).toLocaleString()}
                    </time>
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="md"
                  onPress={() => discardKeptRequest(entry.requestId)}
                >
                  {notice.discard}
                  <span className="sr-only">: {what}</span>
                </Button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

mountKeptRequests()
