// The second half of the build (builder/prerender/prerender.ts): the content it loads is what `vike
// build` loaded, each page lands where static hosts look for it, and a page that cannot be
// rendered fails the build, naming the page.
import { execFile } from 'node:child_process'
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withoutEditor } from '../../../../builder/admin/without-editor.ts'
import { loadContent } from '../../../../builder/content/load.ts'
import { collections } from '../../../../content/schema/collections.ts'
import { loadBuiltContent } from '../../../../builder/prerender/built-content.ts'
import {
  NOT_FOUND_PATH,
  pageFile,
  startRenderThreads,
} from '../../../../builder/prerender/render-pages.ts'
import { routeTableOf } from '../../../../builder/content/route-table.ts'
import { scratchDir } from '../../helpers/scratch-dir.ts'
import { siteRoot } from '../../helpers/site-copy.ts'
import { copySmallSite } from '../../helpers/small-site.ts'
import { timeLimit } from '../../../harness/time-limit.ts'

const run = promisify(execFile)
const scratch = scratchDir('page-render-')

describe('the content the render takes from the loader', () => {
  it('is what `vike build` loaded: the same routes, site and pictures', async () => {
    const { entries, errors } = await loadContent(siteRoot, collections, { cache: true })
    expect(errors).toEqual([])
    const content = await loadBuiltContent(siteRoot)
    expect(routeTableOf(content.entries)).toEqual(routeTableOf(entries))
    expect(content.entries.get('site')).toEqual(entries.get('site'))
    const pictures = new Set([...entries.values()].flat().flatMap((entry) => entry.images))
    expect(new Set(content.images.variants.keys())).toEqual(pictures)
  })

  it('says to run `vike build` first when there is nothing to render', async () => {
    const threads = startRenderThreads(path.join(scratch(), 'nothing'))
    try {
      await expect(threads.render(['/'], () => {})).rejects.toThrow(
        'nothing/server/entry.mjs is missing: run `vike build` before rendering the pages.',
      )
    } finally {
      await threads.close()
    }
  })
})

describe('rendered pages', () => {
  it('are written where static hosts look for them', () => {
    expect(pageFile('/')).toBe('index.html')
    expect(pageFile('/about')).toBe('about/index.html')
    expect(pageFile('/resources/articles/page/2')).toBe('resources/articles/page/2/index.html')
    expect(pageFile(NOT_FOUND_PATH)).toBe('404.html')
  })
})

describe('a page that cannot be rendered', () => {
  let project: string
  let remove: () => Promise<void>
  beforeAll(async () => {
    // The small fixture site (../../helpers/small-site.ts): any page that fails proves it.
    ;({ project, remove } = await copySmallSite('page-render-site-'))
    // One page's data hook fails, as a bug in a page would.
    const dataHook = path.join(project, 'pages/legal/+data.ts')
    const source = await readFile(dataHook, 'utf8')
    const broken = source.replace(
      "  const entry = getEntry('legal', route.id)\n",
      "  if (route.id === 'terms-of-service') throw new Error('a deliberate failure')\n$&",
    )
    expect(broken).not.toBe(source)
    await writeFile(dataHook, broken)
  })
  afterAll(() => remove())

  it(
    'fails `npm run build`, naming the page and the error',
    { timeout: timeLimit(120_000) },
    async () => {
      const result = await run('npm', ['run', 'build'], {
        cwd: project,
        env: withoutEditor(),
      }).then(
        (output) => ({ code: 0, ...output }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      )
      expect(result.code).not.toBe(0)
      expect(result.stdout + result.stderr).toContain(
        '/terms-of-service did not render: it answered 500 instead of 200: a deliberate failure',
      )
    },
  )

  it('fails the render, naming the folder, when a page has nowhere to go', async () => {
    // The failed build above left its server build; a file stands where a page's folder goes.
    const distDir = path.join(project, 'dist')
    await writeFile(path.join(distDir, 'client/in-the-way'), 'not a folder')
    // It rendered / before it failed, and prerender writes over no file (overwrittenFile).
    await rm(path.join(distDir, 'client/index.html'), { force: true })
    const threads = startRenderThreads(distDir)
    try {
      await expect(threads.render(['/', '/in-the-way/page'], () => {})).rejects.toThrow(
        `ENOTDIR: not a directory, mkdir '${path.join(distDir, 'client/in-the-way/page')}'`,
      )
    } finally {
      await threads.close()
    }
  })
})
