// What a build worked out once and can reuse: compiled MDX, the facts of checked bodies, drawn
// social cards, picture variants. Kept in node_modules/.cache (outside dist/, which every build
// empties; deleted with node_modules), one file per result, named by a hash of everything the
// result depends on. A result no build has used for two weeks is deleted (pruneCaches), so the
// caches hold what recent builds used, not every version of every body and card since
// node_modules was installed.
import { createHash } from 'node:crypto'
import {
  copyFile,
  link,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises'
import path from 'node:path'
import pLimit from 'p-limit'

export const CACHE_ROOT = path.join('node_modules', '.cache')

/**
 * This project's caches, folders of CACHE_ROOT by what they hold. Other tools keep theirs in
 * CACHE_ROOT too: pruneCaches looks after these folders and nothing else.
 */
export const CACHES = {
  mdxBodies: 'mdx-bodies',
  checkedBodies: 'content-bodies',
  socialCards: 'social-cards',
  images: 'content-images',
  contentLoads: 'content-loads',
  pageIds: 'page-ids',
} as const

/** The folder of one of CACHES in the project at `root`. */
export function cacheDir(root: string, name: keyof typeof CACHES): string {
  return path.join(root, CACHE_ROOT, CACHES[name])
}

const DAY_MS = 24 * 60 * 60 * 1000
/** A result no build has used for this long is deleted by pruneCaches. */
export const UNUSED_FOR_DAYS = 14
/** Marks, by its time, the last prune: the caches are looked through once a day at most. */
const PRUNED_STAMP = 'site-caches-pruned'

/**
 * Notes that a build used the result in `file`: a result's modification time is its last use.
 * Moved on once a day at most, so a warm build reads the time of each result it uses and writes
 * almost none. False when there is no such file.
 */
export async function markUsed(file: string, now = Date.now()): Promise<boolean> {
  const missing = (error: NodeJS.ErrnoException): false => {
    if (error.code === 'ENOENT') return false
    throw error
  }
  const stats = await stat(file).catch(missing)
  if (!stats) return false
  if (now - stats.mtimeMs < DAY_MS) return true
  // Setting a time takes owning the file: a cache restored under another user can still be read,
  // so a result that cannot be marked is used all the same (at worst it is pruned early).
  return utimes(file, stats.atime, new Date(now)).then(
    () => true,
    (error: NodeJS.ErrnoException) => error.code !== 'ENOENT',
  )
}

/**
 * Deletes from each of CACHES the results no build has used for UNUSED_FOR_DAYS, and the
 * temporary files of writes a stopped build left (a day old). A build calls it once it has
 * succeeded, so whatever it used was marked first; it looks through the caches once a day at
 * most, and not on the first build (see below). Returns how many files it deleted, or undefined
 * when it did not look.
 */
export async function pruneCaches(root: string, now = Date.now()): Promise<number | undefined> {
  const cacheRoot = path.join(root, CACHE_ROOT)
  const stamp = path.join(cacheRoot, PRUNED_STAMP)
  const lastPruned = await stat(stamp).then(
    (stats) => stats.mtimeMs,
    () => undefined,
  )
  const markPruned = async () => {
    await mkdir(cacheRoot, { recursive: true })
    await writeFile(stamp, '')
    await utimes(stamp, new Date(now), new Date(now))
  }
  // The first build with no stamp only starts the clock: a cache that new holds nothing two
  // weeks unused, and one kept from before is looked through a day later.
  if (lastPruned === undefined) {
    await markPruned()
    return undefined
  }
  if (now - lastPruned < DAY_MS) return undefined
  const looks = pLimit(32)
  let deleted = 0
  const pruneFile = async (file: string) => {
    const stats = await stat(file).catch(() => undefined)
    if (!stats?.isFile()) return
    const days = file.endsWith('.tmp') ? 1 : UNUSED_FOR_DAYS
    if (now - stats.mtimeMs <= days * DAY_MS) return
    try {
      await rm(file, { force: true })
      deleted++
    } catch {
      // One that will not go (another user's, say) is left for the next look.
    }
  }
  for (const name of Object.keys(CACHES) as (keyof typeof CACHES)[]) {
    const dir = cacheDir(root, name)
    const files = await readdir(dir).catch(() => [])
    await Promise.all(files.map((file) => looks(() => pruneFile(path.join(dir, file)))))
  }
  await markPruned()
  return deleted
}

/** A hex hash of the parts, in order (strings and bytes alike). */
export function hashOf(...parts: (string | number | Uint8Array)[]): string {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(typeof part === 'number' ? String(part) : part).update('\0')
  return hash.digest('hex')
}

/**
 * A hash of the code a cached result comes from: the installed packages (the lockfile) and the
 * project's own files and folders given. Any change to them invalidates every result at once,
 * which is the safe side: a cache may cost a slow build, never a stale page.
 */
export async function toolchainKey(root: string, sources: readonly string[]): Promise<string> {
  const parts: (string | Buffer)[] = []
  for (const source of ['package-lock.json', ...sources]) {
    const absolute = path.join(root, source)
    const files = await readdir(absolute, { recursive: true }).then(
      (entries) => entries.map((entry) => path.join(absolute, entry)).sort(),
      () => [absolute],
    )
    for (const file of files) {
      const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
        // A folder listed by the recursive read, or a source the project does not have.
        if (error.code === 'EISDIR' || error.code === 'ENOENT') return undefined
        throw error
      })
      if (bytes) parts.push(path.relative(root, file), bytes)
    }
  }
  return hashOf(...parts)
}

export interface FileCache<T> {
  /** The file a result is stored in under `key` (which may not exist yet). */
  fileOf(key: string): string
  /** Whether a result is stored under `key`, without reading it; marks it used (markUsed). */
  has(key: string): Promise<boolean>
  /** The stored result, or undefined when it was never stored; marks it used. */
  get(key: string): Promise<T | undefined>
  /** Written under a temporary name first, so a build stopped mid-write leaves no half file. */
  put(key: string, value: T): Promise<void>
  /**
   * Puts the stored file at `destination` (whose folder must exist) as a hard link: no copy and,
   * on ext4, no new inode, which costs a build of thousands of files more than the bytes. A copy
   * where the file system cannot link. False when nothing is stored under `key`. The two names
   * are one file, so nothing may write to the destination in place; results are never rewritten.
   */
  linkTo(key: string, destination: string): Promise<boolean>
}

/** Results stored as files `<dir>/<key><extension>`, as bytes (default) or as JSON. */
export function fileCache(dir: string, extension: string): FileCache<Buffer>
export function fileCache<T>(dir: string, extension: '.json'): FileCache<T>
export function fileCache<T>(dir: string, extension: string): FileCache<T | Buffer> {
  const json = extension === '.json'
  const file = (key: string) => path.join(dir, `${key}${extension}`)
  let madeDir: Promise<unknown> | undefined
  return {
    fileOf: file,
    has: (key) => markUsed(file(key)),
    get: async (key) => {
      if (!(await markUsed(file(key)))) return undefined
      return readFile(file(key)).then(
        (bytes) => (json ? (JSON.parse(bytes.toString('utf8')) as T) : bytes),
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined
          throw error
        },
      )
    },
    async put(key, value) {
      await (madeDir ??= mkdir(dir, { recursive: true }))
      const temporary = `${file(key)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
      await writeFile(temporary, json ? JSON.stringify(value) : (value as Buffer))
      await rename(temporary, file(key))
    },
    async linkTo(key, destination) {
      const linkHere = () => link(file(key), destination)
      try {
        await linkHere()
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT') return false
        // A file left there (a build writes into an emptied folder, so not normally): replace it.
        if (code === 'EEXIST') await rm(destination).then(linkHere)
        // Another device, or a file system without hard links.
        else await copyFile(file(key), destination)
      }
      return true
    },
  }
}
