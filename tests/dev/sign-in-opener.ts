// Stands in for the editor's login button in tests/dev/editor-sign-in.spec.ts: Decap's own
// authenticator (decap-cms-lib-auth, what its GitHub backend uses), configured as the live
// editor is: base_url the site's origin, auth_endpoint the site's sign-in page.
import { NetlifyAuthenticator } from 'decap-cms-lib-auth'

const output = document.querySelector('output')!
const authenticator = new NetlifyAuthenticator({
  base_url: location.origin,
  auth_endpoint: 'admin/sign-in',
})
document.querySelector('button')!.addEventListener('click', () => {
  authenticator.authenticate(
    { provider: 'github', scope: 'repo' },
    (error: unknown, data?: { token: string; provider: string }) => {
      output.textContent = JSON.stringify(error ? { error: String(error) } : data)
    },
  )
})
