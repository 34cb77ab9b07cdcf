// What a build was made from: a hash of every source file it reads, written into the build's
// folder (dist/source-stamp.json), so the end-to-end suite can refuse a dist/ that no longer
// matches the sources it is meant to test (tests/harness/fresh-build.ts). File contents, not
// times: a fresh clone's files all carry the checkout's time.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

export const SOURCE_STAMP_FILE = 'source-stamp.json'

/** What the build reads: the site's folders and the files that set up its tools. */
export const BUILD_INPUTS = [
  'admin',
  'builder',
  'components',
  'content',
  'pages',
  'public',
  'renderer',
  'server',
  'site',
  'supabase',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
]

/** The input files: git's tracked and not-ignored ones, or every file outside a checkout. */
async function inputFiles(root: string): Promise<string[]> {
  try {
    const listed = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...BUILD_INPUTS],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    )
    return [...new Set(listed.split('\0').filter(Boolean))].sort()
  } catch {
    const found: string[] = []
    for (const input of BUILD_INPUTS) {
      const entries = await readdir(path.join(root, input), {
        recursive: true,
        withFileTypes: true,
      }).catch(() => undefined)
      if (!entries) found.push(input)
      else
        for (const entry of entries)
          if (entry.isFile())
            found.push(
              path
                .relative(root, path.join(entry.parentPath, entry.name))
                .split(path.sep)
                .join('/'),
            )
    }
    return found.sort()
  }
}

/** Each input file's sha256 (a tracked file deleted in the working tree is left out). */
export async function sourceHashes(root: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {}
  for (const file of await inputFiles(root)) {
    const bytes = await readFile(path.join(root, file)).catch(() => undefined)
    if (bytes) hashes[file] = createHash('sha256').update(bytes).digest('hex')
  }
  return hashes
}

export async function writeSourceStamp(distDir: string, root: string): Promise<void> {
  await writeFile(
    path.join(distDir, SOURCE_STAMP_FILE),
    `${JSON.stringify({ files: await sourceHashes(root) })}\n`,
  )
}

/**
 * The source files that differ from what the build in `distDir` was made from (added, changed or
 * removed since), or undefined when that folder holds no stamp (no build, or one made before
 * stamps).
 */
export async function changedSince(distDir: string, root: string): Promise<string[] | undefined> {
  const stamp = await readFile(path.join(distDir, SOURCE_STAMP_FILE), 'utf8').catch(() => undefined)
  if (stamp === undefined) return undefined
  const built = (JSON.parse(stamp) as { files: Record<string, string> }).files
  const now = await sourceHashes(root)
  const names = new Set([...Object.keys(built), ...Object.keys(now)])
  return [...names].filter((name) => built[name] !== now[name]).sort()
}
