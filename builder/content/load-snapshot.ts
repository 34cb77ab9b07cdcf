// The content load of a build, kept for the next process that asks for the same content: `vike
// build` loads and checks every file, and the prerender that follows it (../prerender/) asks
// the loader again. Loading a thousand articles again costs the prerender ~1.8 s of CPU (YAML,
// the schemas, a thousand cache reads) on its critical path; reading back what the build found
// costs a hash of the content folder and one deserialize. One file per project and draft mode,
// replaced on each load that found no problem: the loader's own cache, not a copy a build hands on.
import { deserialize, serialize } from 'node:v8'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pLimit from 'p-limit'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { cacheDir, hashOf, markUsed, toolchainKey } from '../cache.ts'
import { loadContent, publishingDay, type LoadOptions, type LoadResult } from './load.ts'

/**
 * Everything a load's result follows from: the checking code (this folder, the schemas, the
 * route rules, the lockfile), every file under the content folder, the names of the files
 * public/ serves (links may lead to them), the options, the day it publishes for (an article
 * dated tomorrow is in tomorrow's load) and where the project is.
 */
async function snapshotKey(
  root: string,
  contentDir: string,
  drafts: string,
  today: string,
): Promise<string> {
  const code = await toolchainKey(root, ['builder/content', 'site'])
  const contentRoot = path.join(root, contentDir)
  const files = (await readdir(contentRoot, { recursive: true })).sort()
  const reads = pLimit(32)
  const bytes = await Promise.all(
    files.map((file) =>
      reads(() =>
        readFile(path.join(contentRoot, file)).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'EISDIR') return ''
          throw error
        }),
      ),
    ),
  )
  const served = await readdir(path.join(root, 'public'), { recursive: true }).catch(() => [])
  return hashOf(
    code,
    root,
    contentDir,
    drafts,
    today,
    ...files.flatMap((file, index) => [file, bytes[index]!]),
    ...served.sort(),
  )
}

/**
 * loadContent with the build cache, and the whole result kept for the next load of the same
 * content and code (in the same or another process). A load with problems is never kept: its
 * report is worked out afresh, so it always reads as the loader writes it today.
 */
export async function loadContentOnce(
  root: string,
  collections: Record<string, CollectionDefinition>,
  options: Omit<LoadOptions, 'cache'> & {
    /**
     * Publish for the day the last kept load was made for (the prerender: the bundle `vike
     * build` made a minute before, perhaps just before midnight, holds that day's articles).
     */
    dayOfKeptLoad?: boolean
  } = {},
): Promise<LoadResult> {
  const { contentDir = 'content', drafts = 'omit', onDataChecked } = options
  // Named by the project's folder too: a cache shared through a linked node_modules (the change
  // report's worktree of the base) holds one load per project, not one that each overwrites.
  const file = path.join(
    cacheDir(root, 'contentLoads'),
    `${drafts}-${hashOf(root).slice(0, 16)}.bin`,
  )
  const dayFile = `${file}.day`
  const keptDay = options.dayOfKeptLoad
    ? await readFile(dayFile, 'utf8').then(
        (day) => day.trim(),
        () => undefined,
      )
    : undefined
  const today = await publishingDay(root, collections, {
    ...options,
    today: options.today ?? keptDay,
  })
  const key = await snapshotKey(root, contentDir, drafts, today)
  const kept = await readSnapshot(file, key)
  if (kept) {
    onDataChecked?.(kept.entries)
    return kept
  }
  const result = await loadContent(root, collections, { ...options, today, cache: true })
  if (!result.errors.length) {
    await writeSnapshot(file, key, result)
    await writeFile(dayFile, `${today}\n`)
  }
  return result
}

async function readSnapshot(file: string, key: string): Promise<LoadResult | undefined> {
  if (!(await markUsed(file))) return undefined
  try {
    const snapshot = deserialize(await readFile(file)) as { key: string; result: LoadResult }
    return snapshot.key === key ? snapshot.result : undefined
  } catch {
    // Unreadable (cut short, or written by another Node.js): the load is done again.
    return undefined
  }
}

async function writeSnapshot(file: string, key: string, result: LoadResult) {
  let bytes: Buffer
  try {
    bytes = serialize({ key, result })
  } catch {
    // Data a structured clone cannot hold (none today): the next load is simply done again.
    return
  }
  await mkdir(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  await writeFile(temporary, bytes)
  await rename(temporary, file)
}
