// The data-folder lock's rules, one by one: a lock that cannot be read counts as held, only a
// dead holder's lock is taken over, a takeover cut short by a kill is reported (never guessed
// at), and the busy error never carries the lock's token.
import { statSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  acquireDataDirLock,
  DataDirBusyError,
  lockFileOf,
  readLockHolder,
  type LockInfo,
} from '../../../server/data-folder-lock.ts'

let folder: string
let dataDir: string
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'lock-'))
  dataDir = path.join(folder, 'pglite')
})
afterEach(() => rm(folder, { recursive: true, force: true }))

const DEAD_PID = 999_999_999
const readLock = async () => JSON.parse(await readFile(lockFileOf(dataDir), 'utf8')) as LockInfo

describe('acquireDataDirLock', () => {
  it('writes a whole 0600 lock, refuses a second holder, and frees it on release', async () => {
    const lock = await acquireDataDirLock(dataDir)
    expect((await readLock()).pid).toBe(process.pid)
    expect(statSync(lockFileOf(dataDir)).mode & 0o777).toBe(0o600)
    // Another holder is a live process (the parent here): its lock is refused.
    await writeFile(lockFileOf(`${dataDir}-other`), JSON.stringify({ pid: process.ppid }))
    await expect(acquireDataDirLock(`${dataDir}-other`)).rejects.toBeInstanceOf(DataDirBusyError)
    lock.release()
    expect(readLockHolder(dataDir)).toBeNull()
  })

  it('counts a lock that cannot be read (empty, half written, no pid) as held', async () => {
    for (const content of ['', '{"pid": 12', '{"startedAt": "x"}']) {
      await writeFile(lockFileOf(dataDir), content)
      const error = await acquireDataDirLock(dataDir).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(DataDirBusyError)
      expect((error as Error).message).toContain('cannot be read')
      expect(await readFile(lockFileOf(dataDir), 'utf8')).toBe(content)
    }
  })

  it('takes over the lock of a process that is confirmed dead', async () => {
    await writeFile(lockFileOf(dataDir), JSON.stringify({ pid: DEAD_PID, startedAt: '' }))
    const lock = await acquireDataDirLock(dataDir)
    expect((await readLock()).pid).toBe(process.pid)
    lock.release()
  })

  it('reports a takeover cut short by a kill instead of guessing', async () => {
    await writeFile(lockFileOf(dataDir), JSON.stringify({ pid: DEAD_PID, startedAt: '' }))
    await writeFile(`${lockFileOf(dataDir)}.takeover`, JSON.stringify({ pid: DEAD_PID }))
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(
      `delete ${lockFileOf(dataDir)}.takeover and start again`,
    )
  })

  it('keeps the admin token out of the busy error, and updates the lock whole', async () => {
    const lock = await acquireDataDirLock(dataDir)
    lock.update({ adminUrl: 'http://127.0.0.1:1', adminToken: 'secret-token-value' })
    expect((await readLock()).adminToken).toBe('secret-token-value')
    const holder = { ...(await readLock()), pid: process.ppid }
    await writeFile(lockFileOf(`${dataDir}-b`), JSON.stringify(holder))
    const error = await acquireDataDirLock(`${dataDir}-b`).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(DataDirBusyError)
    expect(JSON.stringify(error)).not.toContain('secret-token-value')
    expect(String(error)).not.toContain('secret-token-value')
    expect((error as Error).message).toBe(
      `The leads database ${path.resolve(`${dataDir}-b`)} is in use by process ${process.ppid} (another npm start, npm run serve or npm run dev): stop that process, or set LEADS_DATA_DIR to another folder.`,
    )
    lock.release()
  })
})
