// What a build worked out once and can reuse: compiled MDX, the facts of checked bodies, drawn
// social cards. Kept in node_modules/.cache (outside dist/, which every build empties; deleted
// with node_modules), one file per result, named by a hash of everything the result depends on.
import { createHash } from 'node:crypto'
import {
  access,
  copyFile,
  link,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises'
import path from 'node:path'

export const CACHE_ROOT = path.join('node_modules', '.cache')

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
  /** Whether a result is stored under `key`, without reading it. */
  has(key: string): Promise<boolean>
  /** The stored result, or undefined when it was never stored. */
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
    has: (key) =>
      access(file(key)).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false
          throw error
        },
      ),
    get: (key) =>
      readFile(file(key)).then(
        (bytes) => (json ? (JSON.parse(bytes.toString('utf8')) as T) : bytes),
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined
          throw error
        },
      ),
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
