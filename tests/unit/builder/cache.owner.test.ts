// A cache restored under another user: its files can be read, not re-timed (utimes takes owning
// the file) nor always deleted. Tests run as root here, which may do anything, so utimes and rm
// are made to refuse for paths with "foreign" in them.
import { utimesSync } from 'node:fs'
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { CACHE_ROOT, CACHES, fileCache, markUsed, pruneCaches } from '../../../builder/cache.ts'
import { scratchDir } from '../helpers/scratch-dir.ts'

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  return {
    ...actual,
    utimes: async (...args: Parameters<typeof actual.utimes>) => {
      if (String(args[0]).includes('foreign'))
        throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' })
      return actual.utimes(...args)
    },
    rm: async (...args: Parameters<typeof actual.rm>) => {
      if (String(args[0]).includes('foreign'))
        throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })
      return actual.rm(...args)
    },
  }
})

const scratch = scratchDir('build-cache-owner-')

describe('a result another user owns', () => {
  it('is used all the same when its time cannot be moved on', async () => {
    const dir = path.join(scratch(), 'foreign')
    const cache = fileCache(dir, '.json')
    await mkdir(dir, { recursive: true })
    await writeFile(cache.fileOf('body'), JSON.stringify({ words: 3 }))
    const old = new Date(Date.now() - 20 * 24 * 60 * 60 * 1000)
    // Aged through node:fs, which the mock leaves alone, so that markUsed must move it on.
    utimesSync(cache.fileOf('body'), old, old)

    expect(await markUsed(cache.fileOf('body'))).toBe(true)
    expect(await cache.has('body')).toBe(true)
    expect(await cache.get('body')).toEqual({ words: 3 })
    expect(await markUsed(path.join(dir, 'gone.json'))).toBe(false)
  })

  it('is left for the next look when the prune cannot delete it', async () => {
    const root = path.join(scratch(), 'prune')
    const cacheDir = path.join(root, CACHE_ROOT, CACHES.socialCards)
    await mkdir(cacheDir, { recursive: true })
    const now = Date.now()
    const old = new Date(now - 20 * 24 * 60 * 60 * 1000)
    for (const name of ['foreign.png', 'ours.png']) {
      await writeFile(path.join(cacheDir, name), 'png')
      utimesSync(path.join(cacheDir, name), old, old)
    }
    const stamp = path.join(root, CACHE_ROOT, 'site-caches-pruned')
    await writeFile(stamp, '')
    utimesSync(stamp, old, old)

    expect(await pruneCaches(root, now)).toBe(1)
    expect(await readdir(cacheDir)).toEqual(['foreign.png'])
  })
})
