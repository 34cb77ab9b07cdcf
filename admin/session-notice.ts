// What the writer sees when GitHub stops taking their sign-in: a sentence saying what happened
// and that nothing typed is lost, and the one button that signs in again (./decap-session.ts)
// without leaving the entry, so the form keeps its values and Save works with the new token.

export const ENDED =
  'Your GitHub sign-in has ended (a sign-in lasts 8 hours), so GitHub refused the editor’s last request and it was not saved. What you typed is still in the form: sign in again, then save.'
export const SIGN_IN_AGAIN = 'Sign in again with GitHub'
export const SIGNED_IN_AGAIN =
  'Signed in again. What you typed is still in the form: save it when you are ready.'

/** How long the sentence after a sign-in stays. */
const SIGNED_IN_SHOWN_MS = 10_000

/** A notice over the editor; `show()` on each 401, `signIn` on the button's press. */
export function sessionNotice(signIn: () => Promise<void>): { show(): void } {
  const notice = document.createElement('div')
  notice.setAttribute('role', 'alert')
  // At the bottom: Decap's toolbar (Save, Publish) is at the top and must stay in reach.
  notice.style.cssText =
    'position:fixed;z-index:10000;bottom:0;left:0;right:0;display:flex;gap:1rem;align-items:center;justify-content:center;flex-wrap:wrap;padding:.75rem 1rem;background:#fff4e5;color:#4a2800;border-top:2px solid #b35c00;font:16px/1.4 system-ui,sans-serif'
  const sentence = document.createElement('p')
  sentence.style.margin = '0'
  const button = document.createElement('button')
  button.type = 'button'
  button.textContent = SIGN_IN_AGAIN
  button.style.cssText =
    'padding:.4rem .9rem;border:0;border-radius:4px;background:#313d3e;color:#fff;font:inherit;cursor:pointer'
  notice.append(sentence, button)
  let hideLater: ReturnType<typeof setTimeout> | undefined

  const show = () => {
    clearTimeout(hideLater)
    sentence.textContent = ENDED
    button.hidden = false
    button.disabled = false
    // Inside the page's <main>, before Decap's root: a landmark holds all of the page.
    if (!notice.isConnected) document.getElementById('nc-root')!.before(notice)
  }
  button.addEventListener('click', () => {
    button.disabled = true
    signIn().then(
      () => {
        sentence.textContent = SIGNED_IN_AGAIN
        button.hidden = true
        hideLater = setTimeout(() => notice.remove(), SIGNED_IN_SHOWN_MS)
      },
      (error: unknown) => {
        sentence.textContent = `The sign-in did not finish: ${(error as Error).message} What you typed is still in the form; press the button to try again.`
        button.disabled = false
      },
    )
  })
  return { show }
}
