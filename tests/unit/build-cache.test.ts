// The build cache: results stored one file per key, and put into dist/ as hard links to the
// stored file rather than copies.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fileCache, hashOf } from '../../content/_lib/build-cache.ts'
import { scratchDir } from './scratch-dir.ts'

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
