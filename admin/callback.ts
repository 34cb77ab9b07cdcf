// The end of the editor's GitHub sign-in (/admin/callback): the github-oauth function sends the
// popup here with GitHub's code and the signed state, or the reason there is none, in the
// fragment. This page takes them out of the address bar, spends the secret that ./sign-in.ts
// kept in this window, trades code, state and secret for the token in the body of a POST to the
// function (so the token is in no address, history entry or log), and completes Decap's
// handshake with the editor that opened the popup (decap-cms-lib-auth, netlify-auth.js):
// "authorizing:github" to the opener, and on the opener's echo
// "authorization:github:success:{token,provider}" or "…:error:{message}". Decap accepts these
// only from its base_url, which is this site's origin; this page talks only to an opener of its
// own origin, never "*", so no other site can receive the token.
import {
  isSignInError,
  PROVIDER,
  readSignInFragment,
  SIGN_IN_ERRORS,
  SIGN_IN_SECRET_KEY,
  SIGN_IN_STEPS,
  type SignInError,
  type TradeAnswer,
  type TradeRequest,
} from '../supabase/functions/_shared/github-sign-in.ts'
import { exchangeAddress } from './github-exchange.ts'

/** How long the editor has to answer before the page says it did not. */
const OPENER_ANSWER_MS = 10_000

/** What the secret's place holds once it is spent, so a second arrival here is told apart. */
const SPENT = 'spent'

const AGAIN = 'Open the editor at /admin/ and press “Login with GitHub”.'

const status = document.getElementById('sign-in-status')!
const say = (text: string) => void (status.textContent = text)

type Outcome =
  { kind: 'token'; token: string } | { kind: 'error'; error: SignInError; github?: string }

function errorSentence(outcome: Extract<Outcome, { kind: 'error' }>): string {
  const said = outcome.github ? ` (GitHub said “${outcome.github}”.)` : ''
  return `${SIGN_IN_ERRORS[outcome.error]}${said}`
}

/** The trade: code, state and secret in a POST's body; the token comes back in the answer's. */
async function trade(request: TradeRequest): Promise<Outcome> {
  try {
    const answer = await fetch(exchangeAddress(SIGN_IN_STEPS.trade), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    })
    const body = (await answer.json().catch(() => ({}))) as Partial<Record<string, unknown>>
    if (answer.ok && typeof body.token === 'string') return { kind: 'token', token: body.token }
    const { error, github } = body as Partial<Extract<TradeAnswer, { error: unknown }>>
    return isSignInError(error)
      ? { kind: 'error', error, ...(typeof github === 'string' ? { github } : {}) }
      : { kind: 'error', error: 'github_unreachable' }
  } catch {
    return { kind: 'error', error: 'github_unreachable' }
  }
}

function handshake(opener: Window, outcome: Outcome) {
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

const landing = readSignInFragment(location.hash)
// Code and state leave the address bar and this history entry before anything else happens.
history.replaceState(null, '', location.pathname + location.search)
// The secret is spent on the first arrival, whatever comes of it: a second one finds none.
const secret = sessionStorage.getItem(SIGN_IN_SECRET_KEY)
if (landing.kind !== 'none') sessionStorage.setItem(SIGN_IN_SECRET_KEY, SPENT)
const opener = window.opener as Window | null
const editorOpened = opener !== null && !opener.closed

if (landing.kind === 'none')
  say(`This page finishes a sign-in to the editor, and there is no sign-in to finish. ${AGAIN}`)
else if (landing.kind === 'error') {
  const outcome: Outcome = {
    kind: 'error',
    error: landing.error,
    ...(landing.githubCode ? { github: landing.githubCode } : {}),
  }
  if (editorOpened) handshake(opener, outcome)
  else say(errorSentence(outcome))
} else if (!editorOpened)
  // Nothing is traded for a window no editor waits on.
  say(`This window was not opened by the editor, so nothing was handed over. ${AGAIN}`)
else if (!secret || secret === SPENT)
  handshake(opener, { kind: 'error', error: secret === SPENT ? 'used' : 'other_browser' })
else handshake(opener, await trade({ code: landing.code, state: landing.state, secret }))
