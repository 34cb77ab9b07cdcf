// What the build takes from finished pages: the page scan (inline sources, article bodies) and
// the search index, which must not depend on the order the prerender finishes pages in.
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { THEME_SCRIPT } from '../../../../renderer/inline-sources.ts'
import { createPageScan } from '../../../../builder/prerender/page-scan.ts'
import { openSearchIndex } from '../../../../builder/outputs/search-index.ts'
import { scratchDir } from '../../helpers/scratch-dir.ts'
import { timeLimit } from '../../../harness/time-limit.ts'

const page = (body: string, head = '') =>
  `<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`

const scratch = scratchDir('page-scan-')

describe('the page scan', () => {
  it('keeps each article body with absolute links', () => {
    const scan = createPageScan('https://panelwise.dev', new Map([['/resources/articles/a', 'a']]))
    scan.add(
      '/resources/articles/a',
      page(
        '<main><div data-article-body=""><p><a href="/about">About</a></p>' +
          '<img src="/images/a.webp" srcset="/images/a-400.webp 400w, /images/a-800.webp 800w"/></div></main>',
        `<script>${THEME_SCRIPT}</script>`,
      ),
    )
    const { articleBodies } = scan.result()
    expect(articleBodies).toEqual([
      [
        'a',
        '<p><a href="https://panelwise.dev/about">About</a></p>' +
          '<img src="https://panelwise.dev/images/a.webp" srcset="https://panelwise.dev/images/a-400.webp 400w, https://panelwise.dev/images/a-800.webp 800w">',
      ],
    ])
  })

  it('fails on a page holding an inline script the renderer does not write, naming its file', () => {
    const scan = createPageScan(
      'https://panelwise.dev',
      new Map(),
      new Map([['/resources/articles/a', 'content/articles/a.mdx']]),
    )
    expect(() =>
      scan.add('/resources/articles/a', page(`<script>document.title='INJECTED-1'</script>`)),
    ).toThrow(
      "the page, made from content/articles/a.mdx, holds inline code the site's policy refuses " +
        "(it allows only the renderer's own, renderer/inline-sources.ts): " +
        "a script: <script>document.title='INJECTED-1'",
    )
  })

  it('reads from disk only the pages the prerender did not hand over', async () => {
    const dir = path.join(scratch(), 'client')
    await mkdir(path.join(dir, 'about'), { recursive: true })
    await mkdir(path.join(dir, 'assets'), { recursive: true })
    await writeFile(path.join(dir, 'about/index.html'), page('', '<script>fromDisk(1)</script>'))
    await writeFile(path.join(dir, '404.html'), page('', '<script>fromDisk(2)</script>'))
    await writeFile(path.join(dir, 'static.html'), page('', '<script>fromDisk(3)</script>'))
    await writeFile(path.join(dir, 'assets/x.html'), page('', '<script>fromDisk(4)</script>'))
    const scan = createPageScan('https://panelwise.dev', new Map())
    scan.add('/about', page(''))
    // Vike renders the error page at /404 and writes it as 404.html.
    scan.add('/404', page(''))
    // The first file the scan reads fails it, naming its address: the one no page covered.
    await expect(
      scan.addUnscanned(dir, ['about/index.html', '404.html', 'assets/x.html', 'static.html']),
    ).rejects.toThrow(/^\/static\.html: the page holds .*fromDisk\(3\)/)
  })
})

describe('the search index', () => {
  const routes = Array.from({ length: 30 }, (_, index) => `/page-${String(index).padStart(2, '0')}`)
  const html = (route: string, index: number) =>
    page(
      `<main data-pagefind-body><h1>Page ${route}</h1><p>${'interview calibration panel '.repeat(1 + (index % 7))} word${index}</p></main>`,
    )

  /** Builds an index from the pages arriving in `arrival` order; the hash of every file. */
  async function indexFiles(name: string, arrival: number[]) {
    const clientDir = path.join(scratch(), name)
    const index = await openSearchIndex(clientDir)
    index.order(routes)
    for (const at of arrival) index.add(routes[at]!, html(routes[at]!, at))
    index.add('/unlisted', html('/unlisted', 99))
    expect(await index.finish()).toEqual([...routes, '/unlisted'].sort())
    const dir = path.join(clientDir, 'pagefind')
    const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort()
    return Promise.all(
      files.map(async (file) => {
        const bytes = await readFile(path.join(dir, file))
        // An empty file is what Pagefind's own writeFiles left under load (search-index.ts).
        expect(bytes.length, `${name}/pagefind/${file} is empty`).toBeGreaterThan(0)
        return `${file} ${createHash('sha256').update(bytes).digest('hex')}`
      }),
    )
  }

  it(
    'writes the same files whatever order the pages finish in',
    { timeout: timeLimit(60_000) },
    async () => {
      const inOrder = routes.map((_, index) => index)
      // Each group of five finishes back to front, as pages rendered side by side can.
      const shuffled = inOrder.map((index) => index - (index % 5) + 4 - (index % 5))
      expect(shuffled).not.toEqual(inOrder)
      expect([...shuffled].sort((a, b) => a - b)).toEqual(inOrder)
      const first = await indexFiles('in-order', inOrder)
      expect(first.length).toBeGreaterThan(3)
      expect(await indexFiles('shuffled', shuffled)).toEqual(first)
    },
  )
})
