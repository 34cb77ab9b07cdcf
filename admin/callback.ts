// The end of the editor's GitHub sign-in (/admin/callback): the github-oauth function sends the
// popup here with the token, or the reason there is none, in the fragment. This page takes it out
// of the address bar and completes Decap's handshake with the editor that opened the popup
// (decap-cms-lib-auth, netlify-auth.js): "authorizing:github" to the opener, and on the opener's
// echo "authorization:github:success:{token,provider}" or "…:error:{message}". Decap accepts
// these only from its base_url, which is this site's origin; this page talks only to an opener
// of its own origin, never "*", so no other site can receive the token.
import {
  PROVIDER,
  readSignInFragment,
  SIGN_IN_ERRORS,
  type SignInOutcome,
} from '../supabase/functions/_shared/github-sign-in.ts'

/** How long the editor has to answer before the page says it did not. */
const OPENER_ANSWER_MS = 10_000

const AGAIN = 'Open the editor at /admin/ and press “Login with GitHub”.'

const status = document.getElementById('sign-in-status')!
const say = (text: string) => void (status.textContent = text)

function errorSentence(outcome: Extract<SignInOutcome, { kind: 'error' }>): string {
  const said = outcome.githubCode ? ` (GitHub said “${outcome.githubCode}”.)` : ''
  return `${SIGN_IN_ERRORS[outcome.error]}${said}`
}

function handshake(opener: Window, outcome: Exclude<SignInOutcome, { kind: 'none' }>) {
  const message =
    outcome.kind === 'token'
      ? `authorization:${PROVIDER}:success:${JSON.stringify({ token: outcome.token, provider: PROVIDER })}`
      : `authorization:${PROVIDER}:error:${JSON.stringify({ message: errorSentence(outcome) })}`
  say(
    outcome.kind === 'token'
      ? 'Handing your GitHub sign-in to the editor…'
      : errorSentence(outcome),
  )
  let answered = false
  window.addEventListener('message', (event) => {
    if (answered || event.source !== opener || event.origin !== location.origin) return
    if (event.data !== `authorizing:${PROVIDER}`) return
    answered = true
    opener.postMessage(message, location.origin)
    // Decap closes the popup once it has the answer; this covers an editor that does not.
    if (outcome.kind === 'token') {
      say('Signed in. You can close this window.')
      window.close()
    }
  })
  opener.postMessage(`authorizing:${PROVIDER}`, location.origin)
  setTimeout(() => {
    if (!answered)
      say(
        `The editor that opened this window did not answer, so the sign-in was not handed over. ${AGAIN}`,
      )
  }, OPENER_ANSWER_MS)
}

const outcome = readSignInFragment(location.hash)
// The token leaves the address bar and the history entry before anything else happens.
history.replaceState(null, '', location.pathname + location.search)
const opener = window.opener as Window | null

if (outcome.kind === 'none')
  say(`This page finishes a sign-in to the editor, and there is no sign-in to finish. ${AGAIN}`)
else if (!opener || opener.closed)
  say(
    outcome.kind === 'token'
      ? `GitHub signed you in, but this window was not opened by the editor, so nothing was handed over. ${AGAIN}`
      : `${errorSentence(outcome)}`,
  )
else handshake(opener, outcome)
