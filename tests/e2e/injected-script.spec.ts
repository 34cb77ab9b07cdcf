// What the site's policy does with a script that got past every check (issue 68): a built page
// with an injected script, handler, inline document and javascript: link (the build itself would
// refuse the first three: builder/outputs/inline-sources.ts), served with the headers every page
// gets. None of them may run, while the renderer's own inline scripts still do.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { inlineSourceProblems } from '../../builder/outputs/inline-sources.ts'
import { THEME_STORAGE_KEY } from '../../renderer/theme-choices.ts'
import { securityHeadersOf } from '../../server/headers.ts'
import { readBuiltHeaderRules } from '../../server/headers.ts'
import { serveBuild, type ServedBuild } from '../../server/serve-build.ts'
import { clientDir } from './built-site.ts'

const distDir = path.dirname(clientDir)
const INJECTED_ROUTE = '/__injected/about'
const INJECTED =
  `<script>document.title='INJECTED-1'</script>` +
  `<img src="/favicon.svg" alt="" onload="document.title='INJECTED-2'">` +
  `<iframe srcdoc="&lt;script&gt;parent.document.title='INJECTED-3'&lt;/script&gt;"></iframe>` +
  `<a id="injected-link" href="javascript:document.title='INJECTED-4'">Injected</a>`

const titleOf = async (answer: { text(): Promise<string> }) =>
  /<title>([^<]*)<\/title>/.exec(await answer.text())?.[1]

let site: ServedBuild
let html: string

test.beforeAll(async () => {
  const built = await readFile(path.join(clientDir, 'about/index.html'), 'utf8')
  html = built.replace('</main>', `${INJECTED}</main>`)
  const headers = securityHeadersOf(readBuiltHeaderRules(distDir))
  site = await serveBuild(distDir, { extraPages: { [INJECTED_ROUTE]: { html, headers } } })
})
test.afterAll(async () => {
  await site?.close()
})

test('an injected script, handler, inline document or javascript: link does not run under the site’s policy', async ({
  page,
}) => {
  // The build would have stopped on this page, for each of the first three (a javascript:
  // address is the content check's to refuse; the policy blocks it too).
  expect(inlineSourceProblems(html)).toHaveLength(3)
  // The theme script (one of the renderer's own) turns the saved choice into the class `dark`.
  await page.addInitScript((key) => {
    localStorage.setItem(key, 'dark')
    const blocked: string[] = []
    addEventListener('securitypolicyviolation', (event) => blocked.push(event.effectiveDirective))
    Object.assign(window, { blocked })
  }, THEME_STORAGE_KEY)
  await page.goto(site.origin + INJECTED_ROUTE, { waitUntil: 'load' })
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await page.locator('#injected-link').click()
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { blocked: string[] }).blocked))
    .toEqual(expect.arrayContaining(['script-src-elem', 'script-src-attr']))
  // The inline document inherits the page's policy: its script is refused too, and the title
  // is the page's own.
  expect(await page.title()).toBe(await page.request.get(`${site.origin}/about`).then(titleOf))
})
