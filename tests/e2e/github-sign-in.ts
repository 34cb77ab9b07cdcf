// What a page that opens the built editor needs around its GitHub sign-in (./editor-sign-in.spec.ts,
// ./editorial-workflow.spec.ts).
import type { Page } from '@playwright/test'

/** Decap asks githubstatus.com whether GitHub is up; the test machine stays offline. */
export async function keepGitHubStatusOffline(page: Page): Promise<void> {
  await page.route('https://www.githubstatus.com/**', (route) =>
    route.fulfill({ json: { components: [] } }),
  )
}
