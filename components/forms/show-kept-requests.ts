// Requests kept in this browser (the function was unreachable) on an earlier page: their notice
// and later send (KeptRequests.tsx, which mounts itself) load only when some are kept. A form
// that keeps one on this page loads it itself.
import { KEPT_REQUESTS_KEY } from './kept-requests-flag.ts'

export function showKeptRequests() {
  try {
    if (localStorage[KEPT_REQUESTS_KEY]) import('./KeptRequests.tsx').catch(console.error)
  } catch {
    // no storage, so nothing kept
  }
}
