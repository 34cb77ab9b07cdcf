// The one name kept-requests.ts and the page script share: the localStorage key holding the
// kept requests, which is also the event a page dispatches on window when it changes them. The
// page script loads the kept-requests notice (KeptRequests.tsx) when the key exists or the event
// fires, so this file stays a single constant: every page's script carries it.
export const KEPT_REQUESTS_KEY = 'kept'
