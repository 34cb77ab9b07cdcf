// Pages are HTML-only: their copy must reach the browser as HTML, never inside JavaScript.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { parse } from 'yaml'
import { isPageFile } from '../../scripts/lib/built-pages.ts'
import { findInlineSources } from '../../scripts/lib/inline-sources.ts'
import type { HeaderRule } from '../../server/headers.ts'
import { clientDir } from './built-site.ts'

test('a known sentence of page copy is in the HTML and in no built .js file', async () => {
  const home = parse(
    await readFile(path.resolve(import.meta.dirname, '../../content/pages/home.yaml'), 'utf8'),
  )
  const sentence: string = home.sections[0].lead
  expect(sentence.length).toBeGreaterThan(40)

  const html = await readFile(path.join(clientDir, 'index.html'), 'utf8')
  expect(html).toContain(sentence)

  const jsFiles = (await readdir(clientDir, { recursive: true })).filter((file) =>
    file.endsWith('.js'),
  )
  expect(jsFiles.length).toBeGreaterThan(0)
  for (const file of jsFiles) {
    const js = await readFile(path.join(clientDir, file), 'utf8')
    expect(js, file).not.toContain(sentence.slice(0, 40))
  }
})

// The build takes the inline sources from each page as it is rendered (scripts/lib/page-scan.ts):
// the finished files, read back here, must hold no other.
test('the security policy allows every inline script and style of every built page', async () => {
  const rules = JSON.parse(
    await readFile(path.join(clientDir, '../headers.json'), 'utf8'),
  ) as HeaderRule[]
  const policy = rules.find((rule) => rule.source === '/*')?.headers['Content-Security-Policy']
  expect(policy).toBeTruthy()
  const directive = (name: string) =>
    policy!.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? ''
  const pages = (await readdir(clientDir, { recursive: true })).filter(isPageFile)
  expect(pages.length).toBeGreaterThan(20)
  const found = findInlineSources(
    await Promise.all(pages.map((file) => readFile(path.join(clientDir, file), 'utf8'))),
  )
  expect(found.scriptHashes.length).toBeGreaterThan(0)
  for (const hash of found.scriptHashes) expect(directive('script-src')).toContain(hash)
  for (const hash of found.styleHashes) expect(directive('style-src')).toContain(hash)
  for (const hash of found.styleAttributeHashes) expect(directive('style-src-attr')).toContain(hash)
})
