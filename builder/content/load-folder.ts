// Loads every collection declared in content/schema/collections.ts from the project's folders
// and checks every file (./content-checker.ts, the check itself, which the editor's page runs
// too): either typed entries or the complete list of problems, never just the first one. The ids
// the page's layout keeps are given by the caller: the site's loader (./load.ts) renders the page
// for them (./page-ids.ts) with Vite, which the daily jobs' cut-down install does not hold
// (operations/job-dependencies.ts); they read routes and dates, which those ids do not change.
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import pLimit from 'p-limit'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import type { MdxCompiler } from './mdx-compiler.ts'
import { BODY_RULE_SOURCES } from './body-rule-sources.ts'
import { analyseBody, analyseTree, type BodyAnalysis } from './mdx-body.ts'
import { cacheDir, fileCache, hashOf, toolchainKey } from '../cache.ts'
import type { DraftMode } from '../../site/drafts.ts'
import { buildDay } from '../../site/publishing.ts'
import { readSource } from './source.ts'
import type { ContentSource } from './content-source.ts'
import { confinedPath } from './confined-path.ts'
import { checkContent, timeZoneOf } from './content-checker.ts'
import type {
  AnalyseBody,
  CheckResult,
  ContentIndex,
  DataEntry,
  IndexedEntry,
} from './check-types.ts'

export { ID_PATTERN, IMAGES_DIR, slugify } from './entry-files.ts'

export interface LoadResult extends Omit<CheckResult, 'files' | 'index'> {
  /** Every file that was read, so a dev server can watch them. */
  files: string[]
}

export interface LoadOptions {
  /** Folder of the content, relative to root. */
  contentDir?: string
  /** `omit` (the production build, the check) or `include` (the dev server). */
  drafts?: DraftMode
  /**
   * The day to publish for (YYYY-MM-DD): entries dated after it are left out like drafts when
   * drafts are. Default: `BUILD_DATE`, else today, in the `timeZone` of the site collection.
   */
  today?: string
  /**
   * Keep what each MDX body was found to hold in node_modules/.cache, and reuse it while the
   * body and the checking code are unchanged: reading thousands of bodies is most of a load.
   */
  cache?: boolean
  /**
   * The MDX compiler of the Vite plugin: a body the cache does not know is parsed once, for the
   * check and for its compile, which the content module then finds done (MdxCompiler.parseOnce).
   */
  compiler?: MdxCompiler
  /**
   * Called once every file's data is checked, before the MDX bodies are (most of a load): with
   * the entries this build publishes, if no file has a problem so far, else with undefined. Work
   * that needs only the data (the social cards) can start while the bodies are checked; a body
   * with a problem still fails the load.
   */
  onDataChecked?: (entries: ReadonlyMap<string, DataEntry[]> | undefined) => void
  /** The ids the page itself uses (./page-ids.ts), which no heading or section may take. */
  pageIds: () => Promise<ReadonlySet<string>>
}

export async function loadFolder(
  root: string,
  collections: Record<string, CollectionDefinition>,
  options: LoadOptions,
): Promise<LoadResult> {
  const { files, index: _index, ...result } = await checkFolder(root, collections, options)
  return { ...result, files: files.map((file) => path.join(root, file)) }
}

/**
 * What the editor's check in the browser needs to know of the content it does not read
 * (../../admin/content-check.ts): every entry's facts, the asset ids, and the names of the
 * files of the content folder and public/. Written beside the editor's configuration.
 */
export async function folderIndex(
  root: string,
  collections: Record<string, CollectionDefinition>,
  {
    contentDir = 'content',
    cache = true,
    pageIds,
  }: Pick<LoadOptions, 'contentDir' | 'cache' | 'pageIds'>,
): Promise<ContentIndex> {
  const { index } = await checkFolder(root, collections, { contentDir, cache, pageIds })
  const ids = [...(await pageIds())]
  const files = [contentDir, 'public'].map(async (dir) =>
    (await readdir(path.join(root, dir), { recursive: true, withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      )
      .filter((file) => !file.startsWith(`${contentDir}/schema/`)),
  )
  return { ...index, files: (await Promise.all(files)).flat().sort(), pageIds: ids }
}

function checkFolder(
  root: string,
  collections: Record<string, CollectionDefinition>,
  { contentDir, drafts, today, cache = false, compiler, onDataChecked, pageIds }: LoadOptions,
) {
  return checkContent(folderSource(root), collections, {
    contentDir,
    drafts,
    today: today ?? ((timeZone) => buildDay(timeZone)),
    onDataChecked,
    pageIds,
    analyser: async (ids) => {
      const analyse = await bodyAnalyser(root, cache, compiler, ids)
      return (body, firstLine, file, text) => analyse(body, firstLine, path.join(root, file), text)
    },
  })
}

/** The project's files on disk, for the check. */
function folderSource(root: string): ContentSource {
  // Many read at once: read one after another, a thousand articles took 1.3 s, most of it spent
  // waiting for each read in turn while the client build kept this thread busy. A few dozen, not
  // all: each open file takes a descriptor, and some systems allow a process 256.
  const reads = pLimit(32)
  return {
    // Nothing outside its folder is listed or read (./confined-path.ts): a link out is no file.
    list: async (dir) => {
      const folder = await confinedPath(root, dir)
      return folder ? listDir(folder) : []
    },
    read: async (file) => {
      const absolute = await confinedPath(root, file)
      return absolute ? reads(() => readFile(absolute, 'utf8')) : undefined
    },
    isFile: async (file) => {
      const absolute = await confinedPath(root, file)
      return absolute ? isFile(absolute) : false
    },
  }
}

/**
 * The day a load with these options publishes for: `today` when given, else `BUILD_DATE` or
 * today in the company's time zone. Reads only the singletons (content/site.yaml), so a cache
 * can be keyed by it without a load.
 */
export async function publishingDay(
  root: string,
  collections: Record<string, CollectionDefinition>,
  { contentDir = 'content', today }: Pick<LoadOptions, 'contentDir' | 'today'> = {},
): Promise<string> {
  if (today) return today
  const candidates: { collection: string }[] = []
  const facts: Pick<IndexedEntry, 'timeZone'>[] = []
  for (const [name, definition] of Object.entries(collections)) {
    if (!definition.singleton) continue
    const absolute = path.join(root, contentDir, definition.source)
    const text = await readFile(absolute, 'utf8').catch(() => undefined)
    if (text === undefined) continue
    candidates.push({ collection: name })
    const { data } = readSource(definition.source, text)
    facts.push({ timeZone: (data as { timeZone?: string } | undefined)?.timeZone })
  }
  return buildDay(timeZoneOf(candidates, facts, collections))
}

/**
 * `analyseBody`, through the build cache when asked to use it; with the MDX compiler, a body the
 * cache does not know is parsed once for the check and its compile.
 */
async function bodyAnalyser(
  root: string,
  useCache: boolean,
  compiler: MdxCompiler | undefined,
  pageIds: ReadonlySet<string>,
): Promise<AnalyseBody> {
  if (!useCache) return async (body, firstLine) => analyseBody(body, firstLine, pageIds)
  const cache = fileCache<BodyAnalysis>(cacheDir(root, 'checkedBodies'), '.json')
  // The checking code is in these; the parser's version is in the lockfile.
  // The page's ids are in the headings' (./heading-ids.ts).
  const salt = hashOf(
    await toolchainKey(root, ['builder/content', ...BODY_RULE_SOURCES]),
    ...pageIds,
  )
  // Cache reads all at once; a few bodies at a time past that, or every body's syntax tree
  // would be alive at once, each waiting for its compile.
  const work = pLimit(8)
  return async (body, firstLine, file, text) => {
    const key = hashOf(salt, firstLine, body)
    const known = await cache.get(key)
    if (known) return known
    return work(async () => {
      const parsed = await compiler?.parseOnce(file, text)
      const result = parsed
        ? analyseTree(parsed.tree, firstLine, pageIds)
        : analyseBody(body, firstLine, pageIds)
      // A body with problems stops the build before anything of it is compiled.
      if (parsed && !result.problems.length) await parsed.compile()
      await cache.put(key, result)
      return result
    })
  }
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort()
  } catch {
    return []
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}
