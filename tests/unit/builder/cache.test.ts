// The build cache: results stored one file per key, and put into dist/ as hard links to the
// stored file rather than copies.
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  CACHE_ROOT,
  CACHES,
  fileCache,
  hashOf,
  markUsed,
  pruneCaches,
} from '../../../builder/cache.ts'
import { buildImages, imageCacheDir } from '../../../builder/content/images.ts'
import { scratchDir } from '../helpers/scratch-dir.ts'

const scratch = scratchDir('build-cache-')

describe('fileCache', () => {
  it('gives back what was put, as bytes or as JSON, and nothing for an unknown key', async () => {
    const bytes = fileCache(path.join(scratch(), 'bytes'), '.bin')
    const json = fileCache<{ words: number }>(path.join(scratch(), 'json'), '.json')
    await bytes.put('a', Buffer.from('card'))
    await json.put('a', { words: 3 })
    expect((await bytes.get('a'))?.toString()).toBe('card')
    expect(await json.get('a')).toEqual({ words: 3 })
    expect(await bytes.get('b')).toBeUndefined()
  })

  it('says whether a key is stored, and in which file, without reading it', async () => {
    const dir = path.join(scratch(), 'has')
    const cache = fileCache(dir, '.js')
    expect(await cache.has('body')).toBe(false)
    await cache.put('body', Buffer.from('return {}'))
    expect(await cache.has('body')).toBe(true)
    expect(cache.fileOf('body')).toBe(path.join(dir, 'body.js'))
    expect(await readFile(cache.fileOf('body'), 'utf8')).toBe('return {}')
  })

  it('links a stored file into place: one file under two names, no copy', async () => {
    const dir = path.join(scratch(), 'linked')
    const cache = fileCache(dir, '.png')
    await cache.put('card', Buffer.from('png bytes'))
    const out = path.join(scratch(), 'dist')
    await mkdir(out, { recursive: true })
    const destination = path.join(out, 'card.png')

    expect(await cache.linkTo('card', destination)).toBe(true)
    const [stored, placed] = await Promise.all([
      stat(path.join(dir, 'card.png')),
      stat(destination),
    ])
    expect(placed.ino).toBe(stored.ino)
    expect(placed.nlink).toBe(2)
    expect((await readFile(destination)).toString()).toBe('png bytes')
  })

  it('replaces a file already at the destination, and says when nothing is stored', async () => {
    const cache = fileCache(path.join(scratch(), 'replace'), '.png')
    await cache.put('card', Buffer.from('new'))
    const destination = path.join(scratch(), 'old.png')
    await writeFile(destination, 'old')
    expect(await cache.linkTo('card', destination)).toBe(true)
    expect((await readFile(destination)).toString()).toBe('new')
    expect(await cache.linkTo('missing', path.join(scratch(), 'missing.png'))).toBe(false)
  })
})

describe('hashOf', () => {
  it('keeps apart parts that would run together', () => {
    expect(hashOf('ab', 'c')).not.toBe(hashOf('a', 'bc'))
    expect(hashOf(1, 'x')).toBe(hashOf('1', 'x'))
  })
})

const DAY_MS = 24 * 60 * 60 * 1000
/** Writes `file` (and its folder) with its modification time `daysAgo` days before `now`. */
async function writeAged(file: string, daysAgo: number, now = Date.now()) {
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, 'x')
  const time = new Date(now - daysAgo * DAY_MS)
  await utimes(file, time, time)
}
const daysOld = async (file: string, now = Date.now()) =>
  Math.round((now - (await stat(file)).mtimeMs) / DAY_MS)

describe('a result is marked when a build uses it', () => {
  it('moves an old result on to now, leaves a recent one alone, and finds no missing one', async () => {
    const dir = path.join(scratch(), 'marked')
    await writeAged(path.join(dir, 'old.js'), 20)
    await writeAged(path.join(dir, 'recent.js'), 0.5)
    const recentTime = (await stat(path.join(dir, 'recent.js'))).mtimeMs

    expect(await markUsed(path.join(dir, 'old.js'))).toBe(true)
    expect(await markUsed(path.join(dir, 'recent.js'))).toBe(true)
    expect(await markUsed(path.join(dir, 'gone.js'))).toBe(false)
    expect(await daysOld(path.join(dir, 'old.js'))).toBe(0)
    // Written once a day at most: a warm build does not rewrite the time of every result.
    expect((await stat(path.join(dir, 'recent.js'))).mtimeMs).toBe(recentTime)
  })

  it('marks what has and get find', async () => {
    const dir = path.join(scratch(), 'used')
    const cache = fileCache(dir, '.png')
    await writeAged(cache.fileOf('card'), 20)
    await writeAged(cache.fileOf('body'), 20)
    expect(await cache.has('card')).toBe(true)
    expect((await cache.get('body'))?.toString()).toBe('x')
    expect(await daysOld(cache.fileOf('card'))).toBe(0)
    expect(await daysOld(cache.fileOf('body'))).toBe(0)
  })
})

describe('pruneCaches', () => {
  it('deletes results unused for two weeks and stale temporary files, in its own caches only', async () => {
    const root = path.join(scratch(), 'prune')
    const cacheRoot = path.join(root, CACHE_ROOT)
    const now = Date.now()
    const at = (cache: string, file: string) => path.join(cacheRoot, cache, file)
    await writeAged(at(CACHES.mdxBodies, 'unused.js'), 15, now)
    await writeAged(at(CACHES.mdxBodies, 'used-last-week.js'), 7, now)
    await writeAged(at(CACHES.socialCards, 'unused.png'), 30, now)
    await writeAged(at(CACHES.socialCards, 'drawn-today.png'), 0, now)
    await writeAged(at(CACHES.checkedBodies, 'a.json.123.abc.tmp'), 2, now)
    await writeAged(at(CACHES.checkedBodies, 'b.json.456.def.tmp'), 0.1, now)
    await writeAged(at(CACHES.images, 'old-picture-480.avif'), 40, now)
    // Another tool's cache beside ours.
    await writeAged(at('some-other-tool', 'ancient.bin'), 400, now)
    // The last look was two days ago.
    await writeAged(path.join(cacheRoot, 'site-caches-pruned'), 2, now)

    expect(await pruneCaches(root, now)).toBe(4)
    const left = async (cache: string) => (await readdir(path.join(cacheRoot, cache))).sort()
    expect(await left(CACHES.mdxBodies)).toEqual(['used-last-week.js'])
    expect(await left(CACHES.socialCards)).toEqual(['drawn-today.png'])
    // A write under way in another build is a fresh temporary file: left alone.
    expect(await left(CACHES.checkedBodies)).toEqual(['b.json.456.def.tmp'])
    expect(await left(CACHES.images)).toEqual([])
    expect(await left('some-other-tool')).toEqual(['ancient.bin'])
  })

  it('looks through the caches once a day at most, and not on the first build', async () => {
    const root = path.join(scratch(), 'daily')
    const file = path.join(root, CACHE_ROOT, CACHES.mdxBodies, 'body.js')
    const now = Date.now()
    await writeAged(file, 20, now)
    // A cache kept from before pruning came: looked through a day after the first build.
    expect(await pruneCaches(root, now)).toBeUndefined()
    expect(await pruneCaches(root, now + DAY_MS / 2)).toBeUndefined()
    expect(await readdir(path.dirname(file))).toEqual(['body.js'])
    expect(await pruneCaches(root, now + DAY_MS + 1)).toBe(1)
  })
})

describe('picture variants in the cache', () => {
  it('are marked when reused, and made again when one of them is gone', async () => {
    const root = path.join(scratch(), 'pictures')
    const source = 'content/articles/images/square.png'
    await mkdir(path.join(root, path.dirname(source)), { recursive: true })
    await sharp({ create: { width: 600, height: 400, channels: 3, background: '#4338ca' } })
      .png()
      .toFile(path.join(root, source))
    await buildImages(root, [source])
    const cacheDir = imageCacheDir(root)
    const files = (await readdir(cacheDir)).sort()
    // The meta file and two widths (480 and the source's 600) in two formats.
    expect(files).toHaveLength(5)
    const old = new Date(Date.now() - 20 * DAY_MS)
    for (const file of files) await utimes(path.join(cacheDir, file), old, old)

    await buildImages(root, [source])
    for (const file of files) expect(await daysOld(path.join(cacheDir, file))).toBe(0)

    const variant = files.find((file) => file.endsWith('-480.avif'))!
    await rm(path.join(cacheDir, variant))
    const [image] = (await buildImages(root, [source])).values()
    expect(image!.srcset.avif).toContain(variant)
    expect((await readdir(cacheDir)).sort()).toEqual(files)
  })
})
