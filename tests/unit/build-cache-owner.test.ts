// A cache restored under another user: its files can be read, not re-timed (utimes takes owning
// the file). Tests run as root here, which may re-time anything, so utimes is made to refuse.
import { utimesSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { fileCache, markUsed } from '../../content/_lib/build-cache.ts'
import { scratchDir } from './scratch-dir.ts'

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  return {
    ...actual,
    utimes: async (...args: Parameters<typeof actual.utimes>) => {
      if (String(args[0]).includes('foreign'))
        throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' })
      return actual.utimes(...args)
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
})
