// The bench's reference page works as the bench serves it: beside the build, with the site's
// own headers (measure/lib/reference-page.ts). Under the site's policy, which allows no inline
// handler but the reference's own, its button must still open its dialog, or every tap the
// bench measures on it would be lost.
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { serveBuild, type ServedBuild } from '../../server/serve-build.ts'
import { REFERENCE_ROUTE, referencePages } from '../../measure/lib/reference-page.ts'
import { collectConsole } from './helpers.ts'

const distDir = path.resolve(import.meta.dirname, '../../dist')
let site: ServedBuild

test.beforeAll(async () => {
  site = await serveBuild(distDir, { extraPages: referencePages(distDir) })
})
test.afterAll(async () => {
  await site.close()
})

test("the bench's reference page opens its dialog under the site's headers", async ({ page }) => {
  const errors = collectConsole(page, 'error')
  const answer = await page.goto(site.origin + REFERENCE_ROUTE)
  const siteAnswer = await page.request.get(`${site.origin}/about`)
  for (const name of ['cross-origin-opener-policy', 'x-frame-options', 'permissions-policy'])
    expect(answer?.headers()[name], name).toBe(siteAnswer.headers()[name])
  expect(answer?.headers()['content-security-policy']).toContain("'unsafe-hashes'")

  await page.getByRole('button', { name: 'Open the dialog' }).click()
  await expect(page.getByRole('dialog', { name: 'A native dialog' })).toBeVisible()
  expect(errors).toEqual([])
})
