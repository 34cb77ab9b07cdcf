// Signs a page in to the editor's GitHub mode as the fake GitHub's writer (../fake-github/repo.ts),
// with no OAuth popup: the token Decap keeps after GitHub's sign-in is put where it looks for it
// (LocalStorageAuthStore), and Decap checks it with the fake on load. The popup's own way is
// ./editor-sign-in.spec.ts.
import type { Page } from '@playwright/test'
import { FAKE_LOGIN, FAKE_TOKEN } from '../fake-github/repo.ts'

/** Call before the page opens the editor. */
export async function signInAsFakeWriter(page: Page): Promise<void> {
  await page.addInitScript(
    (user) => window.localStorage.setItem('decap-cms-user', JSON.stringify(user)),
    { backendName: 'github', token: FAKE_TOKEN, login: FAKE_LOGIN },
  )
  await keepGitHubStatusOffline(page)
}

/** Decap asks githubstatus.com whether GitHub is up; the test machine stays offline. */
export async function keepGitHubStatusOffline(page: Page): Promise<void> {
  await page.route('https://www.githubstatus.com/**', (route) =>
    route.fulfill({ json: { components: [] } }),
  )
}
