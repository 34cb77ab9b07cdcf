// The build the suite serves (npm run build writes it before the suite runs), and what a static
// host does with it for an address it has no file and no rule for.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'

export const clientDir = path.resolve(import.meta.dirname, '../../dist/client')

/** Answers these addresses as Netlify or Cloudflare Pages would without a rule: 404.html, 404. */
export async function answerAsHostWithoutRules(page: Page, ...addresses: string[]) {
  const body = await readFile(path.join(clientDir, '404.html'), 'utf8')
  for (const address of addresses)
    await page.route(address, (route) =>
      route.fulfill({ status: 404, contentType: 'text/html', body }),
    )
}
