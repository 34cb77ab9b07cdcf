// A disk that is full or read-only is one sentence naming the folder and the fix, whether the
// error comes from Node (a code) or from PGlite's file system (Emscripten's errno numbers).
import { describe, expect, it } from 'vitest'
import {
  asDataFolderError,
  DataFolderError,
  describeDiskError,
} from '../../../server/data-folder-error.ts'

const nodeError = (code: string, path?: string) =>
  Object.assign(new Error(`${code}: failed`), { code, path })
const pgliteError = (errno: number) => ({ name: 'ErrnoError', errno })

describe('describeDiskError', () => {
  it('says a full disk, from Node or from PGlite', () => {
    for (const error of [nodeError('ENOSPC', '/x/pglite.lock'), pgliteError(51)])
      expect(describeDiskError('/x/pglite', error)).toMatch(
        /^The disk holding the leads database \/x\/pglite is full \(ENOSPC.*\): free space on it, then start again\.$/,
      )
  })

  it('says a folder that cannot be written, with the folder to fix', () => {
    for (const error of [nodeError('EROFS'), nodeError('EACCES'), pgliteError(69), pgliteError(2)])
      expect(describeDiskError('/x/pglite', error)).toMatch(
        /^The leads database \/x\/pglite cannot be written \(E(ROFS|ACCES)\): make \/x writable/,
      )
  })

  it('leaves other errors alone', () => {
    const bug = new TypeError('not a disk problem')
    expect(describeDiskError('/x/pglite', bug)).toBeNull()
    expect(asDataFolderError('/x/pglite', bug)).toBe(bug)
    expect(asDataFolderError('/x/pglite', nodeError('ENOSPC'))).toBeInstanceOf(DataFolderError)
  })
})
