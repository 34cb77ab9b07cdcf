// Notices that GitHub stopped taking the writer's token (its 8 hours are up: 401 "Bad
// credentials"). Decap 3.19 has no event for it: a save only says "Failed to persist entry", and
// nothing signs the writer out, so the editor watches the answers of GitHub's API itself. Only the
// address and the status are read: never a header, so the token is handled here nowhere.

/** Calls `ended` whenever GitHub's API at `apiRoot` answers 401 and `signedIn()` holds. */
export function onSessionEnd(apiRoot: string, signedIn: () => boolean, ended: () => void): void {
  const root = apiRoot.replace(/\/+$/, '')
  const fetchAsBefore = window.fetch.bind(window)
  window.fetch = async (input, init) => {
    const response = await fetchAsBefore(input, init)
    const url = input instanceof Request ? input.url : String(input)
    // While Decap restores a stored sign-in at load, a 401 is its own to answer (its sign-in page).
    if (response.status === 401 && url.startsWith(`${root}/`) && signedIn()) ended()
    return response
  }
}
