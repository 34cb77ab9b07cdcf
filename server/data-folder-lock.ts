// PGlite is one process's database: two processes opening the same directory would corrupt it.
// A lock file beside the directory says who holds it and, for a server, where its local admin
// endpoint listens, so the leads command can ask the server instead of opening the files.
//
// Why not proper-lockfile: it judges a lock stale by its age (mtime not refreshed for 10 s), so
// a paused or busy holder loses its lock while alive, and it records no process to check. Here
// a lock is taken over only when its process is confirmed dead, which needs the pid in it.
//
// Every write is atomic, so a lock file is always whole: its content goes to a private temporary
// file first, which is then hard-linked to the lock's name (link fails if the name exists: only
// one process can create it) or renamed over it (update, takeover). A lock that cannot be read
// anyway (damaged, unreadable) counts as held. Taking over a dead holder's lock happens under a
// second, equally atomic guard file, so two processes that both saw the dead holder cannot both
// replace it.
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs'
import path from 'node:path'
import { asDataFolderError, DataFolderError } from './data-folder-error.ts'

export interface LockInfo {
  pid: number
  startedAt: string
  /** Tells this holder's lock from a later one with a reused pid. */
  nonce?: string
  /** Set by a server: the 127.0.0.1 endpoint the leads command talks to. */
  adminUrl?: string
  adminToken?: string
}

/** Another live process holds the folder (or its lock cannot be read, which counts as held). */
export class DataDirBusyError extends DataFolderError {
  override name = 'DataDirBusyError'
  constructor(
    readonly dataDir: string,
    /** The holder's pid; null when the lock could not be read. Never the lock's other fields. */
    readonly holderPid: number | null,
    detail?: string,
  ) {
    super(
      detail ??
        `The leads database ${dataDir} is in use by process ${holderPid} (another npm start, npm run serve or npm run dev): stop that process, or set LEADS_DATA_DIR to another folder.`,
    )
  }
}

export const lockFileOf = (dataDir: string) => `${path.resolve(dataDir)}.lock`
const guardFileOf = (dataDir: string) => `${lockFileOf(dataDir)}.takeover`

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

type LockState =
  | { kind: 'free' }
  | { kind: 'unreadable'; reason: string }
  | { kind: 'live'; info: LockInfo; text: string }
  | { kind: 'dead'; info: LockInfo; text: string }

function inspect(file: string): LockState {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return code === 'ENOENT' ? { kind: 'free' } : { kind: 'unreadable', reason: String(code) }
  }
  let info: LockInfo
  try {
    info = JSON.parse(text) as LockInfo
  } catch {
    return { kind: 'unreadable', reason: 'not a whole lock record' }
  }
  if (!Number.isInteger(info?.pid) || info.pid <= 0)
    return { kind: 'unreadable', reason: 'no process id in it' }
  return isAlive(info.pid) ? { kind: 'live', info, text } : { kind: 'dead', info, text }
}

/** The live holder of the lock, or null when the lock is free or left behind by a dead process. */
export function readLockHolder(dataDir: string): LockInfo | null {
  const state = inspect(lockFileOf(dataDir))
  return state.kind === 'live' ? state.info : null
}

/** Writes `text` to a new private file and flushes it, so that linking or renaming it is whole. */
function writeTemporary(file: string, text: string): string {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  const fd = openSync(temporary, 'wx', 0o600)
  try {
    writeSync(fd, text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  return temporary
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code

function busy(dataDir: string, state: LockState): DataDirBusyError {
  const file = lockFileOf(dataDir)
  if (state.kind === 'live') return new DataDirBusyError(dataDir, state.info.pid)
  return new DataDirBusyError(
    dataDir,
    null,
    `The leads database ${dataDir} is locked by ${file}, which cannot be read (${state.kind === 'unreadable' ? state.reason : 'changed while starting'}): if no server for this folder is running, delete ${file} and start again.`,
  )
}

/**
 * Replaces the dead holder's lock with ours; only one process can be doing this at a time.
 * Answers true when taken, the pid of the live process taking it over instead, or false when
 * the lock changed meanwhile (look again).
 */
function takeOver(dataDir: string, dead: string, temporary: string): boolean | number {
  const file = lockFileOf(dataDir)
  const guard = guardFileOf(dataDir)
  try {
    linkSync(temporary, guard)
  } catch (error) {
    if (codeOf(error) !== 'EEXIST') throw error
    const other = inspect(guard)
    if (other.kind === 'live') return other.info.pid
    throw new DataDirBusyError(
      dataDir,
      null,
      `The leads database ${dataDir} was left half taken over by a start that was killed (${guard} remains): if no server for this folder is running, delete ${guard} and start again.`,
    )
  }
  try {
    // Under the guard nobody else replaces the lock, and its dead holder cannot release it: if
    // it is still the record judged dead, replacing it now is safe.
    const now = inspect(file)
    if (now.kind !== 'dead' || now.text !== dead) return false
    renameSync(temporary, file)
    return true
  } finally {
    rmSync(guard, { force: true })
  }
}

export interface DataDirLock {
  update(info: Partial<LockInfo>): void
  release(): void
}

export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const resolved = path.resolve(dataDir)
  const file = lockFileOf(resolved)
  let info: LockInfo = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    nonce: randomBytes(8).toString('hex'),
  }
  const record = () => JSON.stringify(info, null, 2)
  try {
    mkdirSync(path.dirname(file), { recursive: true })
    const temporary = writeTemporary(file, record())
    try {
      let acquired = false
      // A few rounds: the lock may be released or taken over between two looks at it.
      for (let round = 0; round < 5 && !acquired; round++) {
        try {
          linkSync(temporary, file)
          acquired = true
          break
        } catch (error) {
          if (codeOf(error) !== 'EEXIST') throw error
        }
        const state = inspect(file)
        if (state.kind === 'live' || state.kind === 'unreadable') throw busy(resolved, state)
        if (state.kind === 'free') continue
        const outcome = takeOver(resolved, state.text, temporary)
        if (typeof outcome === 'number') throw new DataDirBusyError(resolved, outcome)
        acquired = outcome
      }
      if (!acquired) throw busy(resolved, { kind: 'unreadable', reason: 'it kept changing' })
    } finally {
      rmSync(temporary, { force: true })
    }
  } catch (error) {
    throw asDataFolderError(resolved, error)
  }

  let held = true
  const ours = () => {
    const state = inspect(file)
    return state.kind === 'live' && state.info.nonce === info.nonce
  }
  const releaseOnExit = () => release()
  function release() {
    if (!held) return
    held = false
    process.off('exit', releaseOnExit)
    if (ours()) rmSync(file, { force: true })
  }
  process.on('exit', releaseOnExit)
  return {
    update(changes) {
      info = { ...info, ...changes }
      const temporary = writeTemporary(file, record())
      try {
        renameSync(temporary, file)
      } finally {
        rmSync(temporary, { force: true })
      }
    },
    release,
  }
}
