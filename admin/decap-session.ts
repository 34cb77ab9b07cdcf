// The writer's sign-in as Decap holds it, reached where Decap 3.19 offers no public way: its
// store (is someone signed in?) and its own login action, which hands a new token to the GitHub
// backend and keeps it where Decap keeps it (localStorage['decap-cms-user']). Signing in again
// this way leaves the open entry mounted, so the form keeps what was typed: Decap's Log out
// unmounts it, and on the next sign-in its entry load replaces the backup it offers
// (docs/editing-ui.md, "Signing in again"). Same files as Decap's own modules (no "exports" map),
// so the same store and backend.
import { NetlifyAuthenticator } from 'decap-cms-lib-auth'
import { store } from 'decap-cms-core/dist/esm/redux/index.js'
import { loginUser } from 'decap-cms-core/dist/esm/actions/auth.js'

/** The backend settings Decap's own GitHub sign-in page reads. */
export interface SignInSettings {
  base_url?: string
  auth_endpoint?: string
  site_domain?: string
  auth_scope?: string
}

/** Whether Decap shows a signed-in writer (not its sign-in page). */
export const signedIn = (): boolean => Boolean(store.getState().auth.user)

/**
 * Decap's GitHub sign-in (the popup of decap-cms-lib-auth, as its GitHub sign-in page opens it),
 * then Decap's login with what it brings. Resolves once Decap took it; rejects with the sign-in's
 * or Decap's reason. Call it from a press: the popup needs one.
 */
export function signInAgain(settings: SignInSettings): Promise<void> {
  const authenticator = new NetlifyAuthenticator({
    base_url: settings.base_url,
    auth_endpoint: settings.auth_endpoint,
    site_id: location.hostname === 'localhost' ? 'demo.decapcms.org' : settings.site_domain,
  })
  return new Promise((resolve, reject) => {
    authenticator.authenticate(
      { provider: 'github', scope: settings.auth_scope || 'repo' },
      (error, credentials) => {
        if (error || !credentials) {
          reject(new Error(String(error ?? 'no answer')))
          return
        }
        // Decap's login replaces its user when it took the token, and keeps it when it did not
        // (it shows its own message then).
        const before = store.getState().auth.user
        void store.dispatch<Promise<void>>(loginUser(credentials)).then(() => {
          if (store.getState().auth.user !== before) resolve()
          else reject(new Error(String(store.getState().auth.error ?? 'Decap refused it')))
        })
      },
    )
  })
}
