// The build's content load kept for the prerender (builder/content/load-snapshot.ts): read back
// while nothing it follows from changed, done again as soon as anything did, never kept with
// problems.
import { cp, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { deserialize, serialize } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { cacheDir, hashOf } from '../../../../builder/cache.ts'
import { loadContent, type LoadResult } from '../../../../builder/content/load.ts'
import { loadContentOnce } from '../../../../builder/content/load-snapshot.ts'
import { collections } from '../../../../content/schema/collections.ts'
import { scratchDir } from '../../helpers/scratch-dir.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
const scratch = scratchDir('content-load-snapshot-')

async function copyContent(name: string) {
  const project = path.join(scratch(), name)
  await cp(path.join(root, 'content'), path.join(project, 'content'), { recursive: true })
  return project
}

const snapshotFile = (project: string) =>
  path.join(cacheDir(project, 'contentLoads'), `omit-${hashOf(project).slice(0, 16)}.bin`)
const titleOf = (result: LoadResult, id: string) =>
  (result.entries.get('articles')!.find((entry) => entry.id === id)!.data as { title: string })
    .title

/** Rewrites the kept load's title of article `id`, key unchanged: only a read-back shows it. */
async function markSnapshot(project: string, id: string, title: string) {
  const kept = deserialize(await readFile(snapshotFile(project))) as {
    key: string
    result: LoadResult
  }
  const entry = kept.result.entries.get('articles')!.find((candidate) => candidate.id === id)!
  ;(entry.data as { title: string }).title = title
  await writeFile(snapshotFile(project), serialize(kept))
}

describe('the kept content load', () => {
  it('is what a fresh load gives, and is read back while the content is unchanged', async () => {
    const project = await copyContent('unchanged')
    const fresh = await loadContent(project, collections, { cache: true })
    const first = await loadContentOnce(project, collections)
    expect(first).toEqual(fresh)
    const [article] = first.entries.get('articles')!
    await markSnapshot(project, article!.id, 'Read back from the kept load')
    let handed: unknown
    const again = await loadContentOnce(project, collections, {
      onDataChecked: (entries) => (handed = entries),
    })
    expect(titleOf(again, article!.id)).toBe('Read back from the kept load')
    expect(handed).toBe(again.entries)
  })

  it('is loaded again when a content file changes', async () => {
    const project = await copyContent('edited')
    const first = await loadContentOnce(project, collections)
    const [article] = first.entries.get('articles')!
    await markSnapshot(project, article!.id, 'Stale')
    const file = path.join(project, article!.file)
    const text = await readFile(file, 'utf8')
    await writeFile(file, text.replace(/^title: .*$/m, 'title: Edited since the build'))
    const again = await loadContentOnce(project, collections)
    expect(titleOf(again, article!.id)).toBe('Edited since the build')
  })

  it('is loaded again for another day: a scheduled article may be due', async () => {
    const project = await copyContent('next-day')
    const first = await loadContentOnce(project, collections, { today: '2030-01-01' })
    const [article] = first.entries.get('articles')!
    await markSnapshot(project, article!.id, 'Stale')
    const same = await loadContentOnce(project, collections, { today: '2030-01-01' })
    expect(titleOf(same, article!.id)).toBe('Stale')
    const next = await loadContentOnce(project, collections, { today: '2030-01-02' })
    expect(titleOf(next, article!.id)).not.toBe('Stale')
    expect(next.today).toBe('2030-01-02')
  })

  it('is read back for its own day by the prerender, whatever the clock says since', async () => {
    const project = await copyContent('kept-day')
    const built = await loadContentOnce(project, collections, { today: '2030-01-01' })
    const [article] = built.entries.get('articles')!
    await markSnapshot(project, article!.id, 'From the bundle’s load')
    // Past midnight: the render takes the day the bundle was built for, not a new one.
    const render = await loadContentOnce(project, collections, { dayOfKeptLoad: true })
    expect(render.today).toBe('2030-01-01')
    expect(titleOf(render, article!.id)).toBe('From the bundle’s load')
  })

  it('is loaded again when a file is added or removed', async () => {
    const project = await copyContent('removed')
    const first = await loadContentOnce(project, collections)
    const [article, other] = first.entries.get('articles')!
    await markSnapshot(project, other!.id, 'Stale')
    await rm(path.join(project, article!.file))
    const again = await loadContentOnce(project, collections)
    expect(again.entries.get('articles')!.map((entry) => entry.id)).not.toContain(article!.id)
    expect(titleOf(again, other!.id)).not.toBe('Stale')
  })

  it('is not kept when the content has a problem, and the problem is reported every time', async () => {
    const project = await copyContent('broken')
    const site = path.join(project, 'content/site.yaml')
    await writeFile(site, (await readFile(site, 'utf8')).replace(/^phone:.*$/m, ''))
    const first = await loadContentOnce(project, collections)
    expect(first.errors.map((error) => error.field)).toContain('phone')
    await expect(readFile(snapshotFile(project))).rejects.toThrow(/ENOENT/)
    const again = await loadContentOnce(project, collections)
    expect(again.errors).toEqual(first.errors)
  })

  it('is loaded again when the kept file is damaged', async () => {
    const project = await copyContent('damaged')
    const first = await loadContentOnce(project, collections)
    await writeFile(snapshotFile(project), 'not a snapshot')
    expect(await loadContentOnce(project, collections)).toEqual(first)
  })
})
