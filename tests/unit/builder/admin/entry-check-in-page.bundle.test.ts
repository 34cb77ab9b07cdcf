// The editor's content check (admin/content-check.ts) really runs in a browser: built by Vite for
// the browser as the editor's build would, evaluated in Chromium, it fetches the content index
// and gives the same sentences as the same check in Node, with no Node API reached on the way.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { build, type Rollup } from 'vite'
import { expect, it } from 'vitest'
import {
  checkEntryInPage,
  CONTENT_INDEX_FILE,
} from '../../../../builder/admin/entry-check-in-page.ts'
import type { EntryToCheck } from '../../../../builder/admin/entry-file.ts'
import { contentIndex } from '../../../../builder/content/load.ts'
import { readSource } from '../../../../builder/content/source.ts'
import { collections } from '../../../../content/schema/collections.ts'
import { CHROMIUM_FLAGS, testChromiumPath } from '../../../harness/chromium.ts'
import { timeLimit } from '../../../harness/time-limit.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
const ORIGIN = 'http://editor.test'
/**
 * What the check may weigh, gzipped: it loads only when a save is checked, beside Decap's own
 * 1.5 MB. 195 KB when written (2026-11-27): zod, yaml and the MDX parser (acorn, micromark) are
 * most of it. The build's MDX compile with its highlighter would add Shiki's 324 KB and its
 * grammars: the pull request's build compiles instead.
 */
const GZIP_BUDGET = 240 * 1024

/** Entries a writer might save: one the check accepts, and three it refuses. */
async function entries(): Promise<EntryToCheck[]> {
  const article = readSource(
    'content/articles/calibrating-interviewers.mdx',
    await readFile(path.join(root, 'content/articles/calibrating-interviewers.mdx'), 'utf8'),
  )
  const data = article.data as Record<string, unknown>
  return [
    {
      collection: 'tags',
      slug: 'hiring-process',
      data: { title: 'Hiring', description: 'Short.' },
    },
    {
      collection: 'articles',
      slug: 'calibrating-interviewers',
      data: { ...data, body: article.body },
    },
    {
      collection: 'articles',
      slug: 'calibrating-interviewers',
      data: {
        ...data,
        tags: ['hiring-proces'],
        body: '## Steps\n\nSee our [services](/servics).\n\n<Callout tone="loud">x</Callout>\n',
      },
    },
    {
      collection: 'articles',
      slug: 'calibrating-interviewers',
      data: { ...data, body: 'See <strong>our services.\n' },
    },
  ]
}

it(
  'bundles for the browser and gives the same sentences in Chromium as in Node',
  async () => {
    const output = (await build({
      configFile: false,
      root,
      logLevel: 'silent',
      publicDir: false,
      build: {
        write: false,
        target: 'es2022',
        modulePreload: false,
        rollupOptions: { input: 'admin/content-check.ts', preserveEntrySignatures: 'exports-only' },
      },
    })) as Rollup.RollupOutput
    const chunks = output.output.filter((item) => item.type === 'chunk')
    // One file, importing nothing: no Node built-in left for the browser to fetch.
    expect(chunks.map((chunk) => [chunk.imports, chunk.dynamicImports])).toEqual([[[], []]])
    const code = chunks[0]!.code
    expect(gzipSync(code).length).toBeLessThan(GZIP_BUDGET)

    const index = await contentIndex(root, collections, { cache: false })
    const toCheck = await entries()
    const inNode = await Promise.all(
      toCheck.map((entry) => checkEntryInPage(collections, index, entry)),
    )
    expect(inNode[0]).not.toEqual([])
    expect(inNode[1]).toEqual([])
    // Refused for its data, a link, a component's prop (the MDX rules), and an MDX syntax error.
    expect(inNode.map((sentences) => sentences.length)).toEqual([1, 0, 3, 1])
    expect(inNode[3]![0]).toContain('(body)  MDX: Expected a closing tag for `<strong>`')

    const browser = await chromium.launch({
      executablePath: testChromiumPath(),
      args: CHROMIUM_FLAGS,
    })
    try {
      const page = await browser.newPage()
      const failures: string[] = []
      page.on('pageerror', (error) => failures.push(error.message))
      page.on('console', (message) => {
        if (message.type() === 'error') failures.push(message.text())
      })
      const served: Record<string, [type: string, body: string]> = {
        '/admin/': [
          'text/html',
          '<!doctype html><script type="module">import { checkEntry } from "./content-check.js"; window.checkEntry = checkEntry</script>',
        ],
        '/admin/content-check.js': ['text/javascript', code],
        [`/admin/${CONTENT_INDEX_FILE}`]: ['application/json', JSON.stringify(index)],
      }
      const requested: string[] = []
      await page.route('**/*', async (route) => {
        const url = new URL(route.request().url())
        requested.push(url.pathname)
        const file = url.origin === ORIGIN ? served[url.pathname] : undefined
        await (file
          ? route.fulfill({ contentType: file[0], body: file[1] })
          : route.fulfill({ status: 404 }))
      })
      await page.goto(`${ORIGIN}/admin/`)
      await page.waitForFunction(() => 'checkEntry' in window)
      const inBrowser: string[][] = []
      for (const entry of toCheck)
        inBrowser.push(
          await page.evaluate(
            (entry) =>
              (
                window as unknown as { checkEntry: (entry: unknown) => Promise<string[]> }
              ).checkEntry(entry),
            entry,
          ),
        )
      expect(inBrowser).toEqual(inNode)
      expect(failures).toEqual([])
      // The index is fetched once, for every save after the first too.
      expect(requested).toEqual([
        '/admin/',
        '/admin/content-check.js',
        `/admin/${CONTENT_INDEX_FILE}`,
      ])
    } finally {
      await browser.close()
    }
  },
  timeLimit(60_000),
)
