// Pages are HTML-only: their copy must reach the browser as HTML, never inside JavaScript.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { parse } from 'yaml'
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
