// The one list of what the public-page checks leave out (site/editor.ts): the editor's folder,
// admin/, and nothing else. Each check is shown to skip it: the page list every check takes
// (isPageFile), the check of inline sources, the link check run on a small
// site, and the route table the sitemap, search index and feed are made from.
import { execFile } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { expectedRoutes } from '../../../../builder/content/route-table.ts'
import { isPageFile } from '../../../../builder/prerender/page-file.ts'
import { THEME_SCRIPT } from '../../../../renderer/inline-sources.ts'
import { createPageScan } from '../../../../builder/prerender/page-scan.ts'
import { EDITOR_PATH, isPublicFile, NOT_PUBLIC_FOLDERS } from '../../../../site/editor.ts'
import { timeLimit } from '../../../harness/time-limit.ts'
import { scratchDir } from '../../helpers/scratch-dir.ts'

const scratch = scratchDir('not-public-')

/** A built site's files, the editor's among them. */
const BUILT_FILES = [
  'index.html',
  '404.html',
  'about/index.html',
  'resources/articles/a/index.html',
  'administrators/index.html',
  'assets/entries/app.abc.js',
  'favicon.svg',
  'admin/index.html',
  'admin/callback.html',
  'admin/config.json',
  'admin/assets/index-abc.js',
]
const EDITOR_FILES = BUILT_FILES.filter((file) => file.startsWith('admin/'))

describe('what the public-page checks leave out', () => {
  it('is the editor’s folder, and nothing else', () => {
    expect(NOT_PUBLIC_FOLDERS).toEqual([EDITOR_PATH.slice(1)])
    expect(BUILT_FILES.filter((file) => !isPublicFile(file))).toEqual(EDITOR_FILES)
    expect(isPublicFile('/admin/config.json')).toBe(false)
    expect(isPublicFile(path.join('admin', 'index.html'))).toBe(false)
    // The folder by its whole name: an address that only starts like it is public.
    expect(isPublicFile('/admin')).toBe(false)
    expect(isPublicFile('/administration')).toBe(true)
    expect(isPublicFile('/admin-guide/index.html')).toBe(true)
  })

  it('the pages every check takes are the public ones: the editor’s pages only are left out', () => {
    expect(BUILT_FILES.filter(isPageFile)).toEqual([
      'index.html',
      '404.html',
      'about/index.html',
      'resources/articles/a/index.html',
      'administrators/index.html',
    ])
  })

  it('page weight and the HTML check list their pages with it', async () => {
    for (const tool of ['measure/page-weight.ts', 'tests/built/check-html.ts']) {
      const source = await readFile(tool, 'utf8')
      expect(source, tool).toContain('.filter(isPageFile)')
      expect(source, tool).not.toMatch(/\.endsWith\('\.html'\)/)
    }
    // The copy check reads the public JavaScript only.
    expect(await readFile('measure/page-weight.ts', 'utf8')).toMatch(/isPublicFile\(file\)/)
  })

  it('the check of inline sources reads the public pages and not the editor’s', async () => {
    const dir = scratch()
    const html = (script: string) =>
      `<!DOCTYPE html><html><head><script>${script}</script></head></html>`
    await mkdir(path.join(dir, 'admin'), { recursive: true })
    await writeFile(path.join(dir, 'admin', 'callback.html'), html('window.editor=1'))
    await writeFile(path.join(dir, 'public-page.html'), html(THEME_SCRIPT))
    const files = ['admin/callback.html', 'public-page.html']
    await createPageScan('https://panelwise.dev', new Map()).addUnscanned(dir, files)
    await writeFile(path.join(dir, 'public-page.html'), html('window.page=1'))
    await expect(
      createPageScan('https://panelwise.dev', new Map()).addUnscanned(dir, files),
    ).rejects.toThrow(/window\.page=1/)
  })

  it(
    'the link check crawls the public pages and not the editor’s',
    { timeout: timeLimit(60_000) },
    async () => {
      const dist = path.join(scratch(), 'dist')
      const links = Array.from({ length: 20 }, () => '<a href="#top">top</a>').join('')
      await mkdir(path.join(dist, 'client', 'admin'), { recursive: true })
      await writeFile(
        path.join(dist, 'client', 'index.html'),
        `<!DOCTYPE html><html><body><h1 id="top">Home</h1>${links}</body></html>`,
      )
      // Broken on purpose: a public page with it would fail the check.
      const editor = '<!DOCTYPE html><html><body><a href="/no/such/page">x</a></body></html>'
      await writeFile(path.join(dist, 'client', 'admin', 'index.html'), editor)
      const run = (folder: string) =>
        promisify(execFile)('npx', ['tsx', 'tests/built/check-links.ts', '--dist', folder])
      const passed = await run(dist)
      expect(passed.stdout).toContain('(1 pages crawled)')
      // The same page outside admin/ fails it: the check itself still sees broken links.
      await writeFile(path.join(dist, 'client', 'editor.html'), editor)
      await expect(run(dist)).rejects.toMatchObject({
        stderr: expect.stringContaining('/no/such/page'),
      })
    },
  )

  it('no route is in it, so the sitemap, search index and feed (made from routes) leave it out', async () => {
    const routes = await expectedRoutes()
    expect(routes.length).toBeGreaterThan(10)
    expect(routes.filter((route) => !isPublicFile(route.path))).toEqual([])
  })
})
