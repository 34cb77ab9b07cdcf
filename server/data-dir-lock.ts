// PGlite is one process's database: two processes opening the same directory would corrupt it.
// A lock file beside the directory says who holds it and, for a server, where its local admin
// endpoint listens, so the leads command can ask the server instead of opening the files.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'

export interface LockInfo {
  pid: number
  startedAt: string
  /** Set by a server: the 127.0.0.1 endpoint the leads command talks to. */
  adminUrl?: string
  adminToken?: string
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The database at ${dataDir} is in use by process ${holder.pid} (another npm start or ` +
        'npm run dev?). Stop that process, or set LEADS_DATA_DIR to another directory.',
    )
    this.name = 'DataDirBusyError'
  }
}

export const lockFileOf = (dataDir: string) => `${path.resolve(dataDir)}.lock`

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The live holder of the lock, or null when the lock is free or left behind by a dead process. */
export function readLockHolder(dataDir: string): LockInfo | null {
  let info: LockInfo
  try {
    info = JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')) as LockInfo
  } catch {
    return null
  }
  return typeof info.pid === 'number' && isAlive(info.pid) ? info : null
}

export interface DataDirLock {
  update(info: Partial<LockInfo>): void
  release(): void
}

export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const file = lockFileOf(dataDir)
  await mkdir(path.dirname(file), { recursive: true })
  let info: LockInfo = { pid: process.pid, startedAt: new Date().toISOString() }
  const write = (flag: 'wx' | 'w') =>
    writeFileSync(file, JSON.stringify(info, null, 2), { flag, mode: 0o600 })
  try {
    write('wx')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const holder = readLockHolder(dataDir)
    if (holder) throw new DataDirBusyError(dataDir, holder)
    rmSync(file, { force: true })
    write('wx')
  }
  let held = true
  const releaseOnExit = () => release()
  function release() {
    if (!held) return
    held = false
    process.off('exit', releaseOnExit)
    if (readLockHolder(dataDir)?.pid === process.pid) rmSync(file, { force: true })
  }
  process.on('exit', releaseOnExit)
  return {
    update(changes) {
      info = { ...info, ...changes }
      write('w')
    },
    release,
  }
}
