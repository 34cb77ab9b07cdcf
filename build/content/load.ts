// Loads every collection declared in content/schema/collections.ts, checks every file, and returns either
// typed entries or the complete list of problems, never just the first one.
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import pLimit from 'p-limit'
import type { z } from 'zod'
import { assetFolders, type AssetFolder } from '../../content/schema/asset-folders.ts'
import { buildRouteTable, isRoutedCollection, routePath } from '../../site/routes.ts'
import {
  listItemKey,
  withReferenceContext,
  type CollectionDefinition,
} from '../../content/schema/collection.ts'
import type { MdxCompiler } from './mdx-compiler.ts'
import { analyseBody, analyseTree, type BodyAnalysis, type BodyFacts } from './mdx-body.ts'
import { cacheDir, fileCache, hashOf, toolchainKey } from '../cache.ts'
import { DRAFT_FIELD, isDraftData, type DraftMode } from '../../site/drafts.ts'
import { buildDay, FALLBACK_TIME_ZONE, scheduledDay } from '../../site/publishing.ts'
import { isTimeZone } from '../../content/schema/site.ts'
import { brokenLinkMessage, closest, MISSING_MESSAGE, writerMessage } from './messages.ts'
import { PLACEHOLDER_MESSAGE } from './placeholders.ts'
import {
  DATA_EXTENSIONS,
  DOCUMENT_EXTENSIONS,
  readSource,
  type FieldPath,
  type SourceFile,
} from './source.ts'

export interface ContentError {
  file: string
  line: number
  column: number
  /** Dotted path of the field, or "(file)" for a problem with the file itself. */
  field: string
  message: string
}

export interface LoadedEntry {
  id: string
  collection: string
  file: string
  data: unknown
  body?: string
  /** What the MDX body holds: headings, length, links, pictures. */
  facts?: BodyFacts
  /** Every picture the entry shows, as paths from the project root ("content/…/x.png"). */
  images: string[]
}

export interface LoadResult {
  /** The entries this build publishes (and, in the dev server, drafts too). */
  entries: Map<string, LoadedEntry[]>
  /**
   * Checked drafts left out of this build, and entries scheduled for a later day (both always
   * empty when drafts are included).
   */
  omittedDrafts: Map<string, LoadedEntry[]>
  /** The day this load publishes for (YYYY-MM-DD, the company's time zone). */
  today: string
  /** Entries whose `publishDate` is after `today`, soonest first: left out until that day. */
  scheduled: ScheduledEntry[]
  errors: ContentError[]
  /**
   * The entries left out of `entries` for a problem in their file (with `errors` naming it), and
   * their data as far as it could be read: the dev server keeps serving every other page.
   */
  brokenEntries: BrokenEntry[]
  /** Every file that was read, so a dev server can watch them. */
  files: string[]
}

/** The folder of a document collection holding the pictures its entries show. */
export const IMAGES_DIR = 'images'
/** content/schema/: the Zod schemas writers' files follow, not entries of their own. */
const SCHEMA_DIR = 'schema'

export const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

interface Candidate {
  collection: string
  id: string
  file: string
  absolute: string
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
}

/** An entry dated after the build's day (../../site/publishing.ts). */
export interface ScheduledEntry {
  collection: string
  id: string
  file: string
  /** YYYY-MM-DD: the first build on or after this day publishes it. */
  publishDate: string
}

/** An entry with a problem: `data` is undefined when the file could not be read as YAML. */
export type BrokenEntry = Pick<LoadedEntry, 'id' | 'collection' | 'file' | 'data'>

/** An entry as its data alone shows it, before its body is checked. */
export type DataEntry = Pick<LoadedEntry, 'id' | 'collection' | 'file' | 'data'>

export async function loadContent(
  root: string,
  collections: Record<string, CollectionDefinition>,
  {
    contentDir = 'content',
    drafts = 'omit',
    today: todayOption,
    cache = false,
    compiler,
    onDataChecked,
  }: LoadOptions = {},
): Promise<LoadResult> {
  const errors: ContentError[] = []
  const fileError = (file: string, message: string, line = 1, column = 1) =>
    errors.push({ file, line, column, field: '(file)', message })
  const relative = (absolute: string) => path.relative(root, absolute).split(path.sep).join('/')

  // 1. Find every file and its id, so references can be checked while parsing.
  const candidates: Candidate[] = []
  const claimed = new Set<string>()
  for (const [name, definition] of Object.entries(collections)) {
    const absolute = path.join(root, contentDir, definition.source)
    claimed.add(path.normalize(absolute))
    if (definition.singleton) {
      if (await isFile(absolute))
        candidates.push({ collection: name, id: name, file: relative(absolute), absolute })
      else fileError(relative(absolute), `missing: the ${name} collection is this one file`)
      continue
    }
    const extensions: readonly string[] =
      definition.type === 'data' ? DATA_EXTENSIONS : DOCUMENT_EXTENSIONS
    const seen = new Map<string, string>()
    for (const entry of await listDir(absolute)) {
      if (entry.startsWith('.') || entry.startsWith('_')) continue
      // A document collection's pictures sit beside its entries, in images/.
      if (entry === IMAGES_DIR && definition.type === 'document') continue
      const file = relative(path.join(absolute, entry))
      const extension = path.extname(entry)
      if (!extensions.includes(extension)) {
        fileError(
          file,
          `${name} entries are ${extensions.join(' or ')} files; rename or move this file`,
        )
        continue
      }
      const id = path.basename(entry, extension)
      if (!ID_PATTERN.test(id)) {
        fileError(
          file,
          `file name "${id}" must be lowercase words joined by hyphens (it is the entry's id and URL), e.g. "${slugify(id)}${extension}"`,
        )
        continue
      }
      const first = seen.get(id)
      if (first) {
        fileError(file, `duplicate id "${id}": ${first} already defines this ${name} entry`)
        continue
      }
      seen.set(id, file)
      candidates.push({ collection: name, id, file, absolute: path.join(absolute, entry) })
    }
  }
  const knownIds = new Map<string, Set<string>>()
  for (const name of Object.keys(collections)) knownIds.set(name, new Set())
  for (const candidate of candidates) knownIds.get(candidate.collection)!.add(candidate.id)
  const itemKeys = new Map<string, Set<string>>()

  // Asset files (illustrations): their names are ids that entries may reference.
  const assetFiles: string[] = []
  for (const [name, folder] of Object.entries(assetFolders) as [string, AssetFolder][]) {
    const absolute = path.join(root, contentDir, folder.source)
    claimed.add(path.normalize(absolute))
    const ids = new Set<string>()
    knownIds.set(name, ids)
    for (const entry of await listDir(absolute)) {
      if (entry.startsWith('.')) continue
      const file = relative(path.join(absolute, entry))
      const id = path.basename(entry, folder.extension)
      if (path.extname(entry) !== folder.extension) {
        fileError(file, `${name} are ${folder.extension} files; rename or move this file`)
      } else if (!ID_PATTERN.test(id)) {
        fileError(
          file,
          `file name "${id}" must be lowercase words joined by hyphens (content refers to it by this name), e.g. "${slugify(id)}${folder.extension}"`,
        )
      } else {
        const problem = folder.check?.(await readFile(path.join(absolute, entry), 'utf8'))
        if (problem) fileError(file, problem)
        else ids.add(id)
        assetFiles.push(file)
      }
    }
  }
  errors.push(...(await strayFiles(root, contentDir, claimed, relative)))

  // 2. Read every file, so drafts are known before references to them are checked.
  /** `omitted`: a draft this build leaves out. */
  const sources: { candidate: Candidate; source: SourceFile; text: string; omitted: boolean }[] = []
  const omittedIds = new Map<string, Set<string>>()
  for (const name of Object.keys(collections)) omittedIds.set(name, new Set())
  // Many read at once: read one after another, a thousand articles took 1.3 s, most of it spent
  // waiting for each read in turn while the client build kept this thread busy. A few dozen, not
  // all: each open file takes a descriptor, and some systems allow a process 256.
  const brokenEntries: BrokenEntry[] = []
  const reads = pLimit(32)
  const texts = await Promise.all(
    candidates.map(({ absolute }) => reads(() => readFile(absolute, 'utf8'))),
  )
  const read = candidates.map((candidate, index) => readSource(candidate.file, texts[index]!))
  const today = todayOption ?? buildDay(timeZoneOf(candidates, read, collections))
  const scheduled: ScheduledEntry[] = []
  for (const [index, candidate] of candidates.entries()) {
    const text = texts[index]!
    const source = read[index]!
    for (const { position, message } of source.syntaxErrors)
      errors.push({ file: candidate.file, ...atPosition(position), field: '(file)', message })
    if (source.syntaxErrors.length) {
      brokenEntries.push({ ...entryOf(candidate), data: undefined })
      continue
    }
    const publishDate = scheduledDay(source.data, today)
    if (publishDate) scheduled.push({ ...entryOf(candidate), publishDate })
    const omitted = drafts === 'omit' && (isDraftData(source.data) || publishDate !== undefined)
    sources.push({ candidate, source, text, omitted })
    const items = (source.data as { items?: unknown } | undefined)?.items
    if (Array.isArray(items)) {
      const keys = itemKeys.get(candidate.collection) ?? new Set<string>()
      for (const item of items) {
        const key = listItemKey(item)
        if (key) keys.add(key)
      }
      itemKeys.set(candidate.collection, keys)
    }
    if (omitted) omittedIds.get(candidate.collection)!.add(candidate.id)
  }

  // 3. Validate each file's data.
  const validated = sources.map(({ candidate, source, omitted }) =>
    withReferenceContext(
      {
        ids: knownIds,
        omittedDrafts: omittedIds,
        checkingDraft: omitted,
        items: itemKeys,
      },
      () =>
        collections[candidate.collection]!.schema.safeParse(source.data, {
          reportInput: true,
          error: (issue) => writerMessage(issue),
        }),
    ),
  )
  if (onDataChecked) {
    const published = new Map<string, DataEntry[]>(
      Object.keys(collections).map((name) => [name, []]),
    )
    let problems = errors.length > 0
    for (const [index, { candidate, source, omitted }] of sources.entries()) {
      const result = validated[index]!
      problems ||= !result.success || source.placeholders.length > 0
      if (result.success && !omitted)
        published.get(candidate.collection)!.push({
          id: candidate.id,
          collection: candidate.collection,
          file: candidate.file,
          data: result.data,
        })
    }
    onDataChecked(problems ? undefined : published)
  }

  // 4. Check each body, and collect every problem.
  const entries = new Map<string, LoadedEntry[]>()
  const omittedDrafts = new Map<string, LoadedEntry[]>()
  for (const name of Object.keys(collections)) {
    entries.set(name, [])
    omittedDrafts.set(name, [])
  }
  const analyse = await bodyAnalyser(root, cache, compiler)
  const analysed = await Promise.all(
    sources.map(({ candidate, source, text }) =>
      source.body === undefined
        ? undefined
        : analyse(source.body, source.bodyLine ?? 1, candidate.absolute, text),
    ),
  )
  const linkChecks: { file: string; collection: string; links: CheckedLink[] }[] = []
  const unfinished: { collection: string; id: string; data: unknown }[] = []
  for (const [index, { candidate, source, omitted }] of sources.entries()) {
    const definition = collections[candidate.collection]!
    const result = validated[index]!
    // A placeholder explains its field better than whatever rule the placeholder breaks.
    const placeholderFields = new Set<string>()
    for (const placeholder of source.placeholders) {
      const field = placeholder.fieldPath ? formatPath(placeholder.fieldPath) : '(body)'
      placeholderFields.add(field)
      errors.push({
        file: candidate.file,
        ...atPosition(placeholder.position),
        field,
        message: PLACEHOLDER_MESSAGE,
      })
    }
    // The body is checked even when the frontmatter is wrong: every problem at once.
    const problems: ContentError[] = []
    const body = analysed[index]
    for (const problem of body?.problems ?? [])
      problems.push({
        file: candidate.file,
        ...problem.position,
        field: '(body)',
        message: problem.message,
      })
    const images = new Map<string, { field: string; position: { line: number; column: number } }>()
    for (const { src, position } of body?.facts.images ?? [])
      images.set(src, { field: '(body)', position })
    for (const { fieldPath, src } of imageFields(source.data))
      images.set(src, { field: formatPath(fieldPath), position: source.locate(fieldPath) })
    const imageFiles: string[] = []
    for (const [src, { field, position }] of images) {
      const file = path.posix.join(path.posix.dirname(candidate.file), src)
      if (!src.startsWith('./images/') || !(await isFile(path.join(root, file))))
        problems.push({
          file: candidate.file,
          ...atPosition(position),
          field,
          message: src.startsWith('./images/')
            ? `no image ${file}: add the file, or correct the name`
            : `"${src}": pictures live in this folder's images/ folder, written "./images/<file>"`,
        })
      else imageFiles.push(file)
    }
    errors.push(...problems)
    const bodyError = problems.length > 0
    if (!result.success) {
      for (const issue of result.error.issues) {
        for (const { fieldPath, message } of explain(issue, definition.schema)) {
          const field = formatPath(fieldPath)
          if (placeholderFields.has(field)) continue
          errors.push({
            file: candidate.file,
            ...atPosition(source.locate(fieldPath)),
            field,
            message,
          })
        }
      }
    }
    // Links are checked once every route is known, whether or not the rest of the file is right.
    const links: CheckedLink[] = [
      ...(body?.facts.links ?? []).map((link) => ({ ...link, field: '(body)' })),
      ...siteLinkFields(source.data).map(({ fieldPath, url }) => ({
        url,
        field: formatPath(fieldPath),
        position: atPosition(source.locate(fieldPath)),
      })),
    ]
    if (links.length)
      linkChecks.push({ file: candidate.file, collection: candidate.collection, links })
    if (!result.success || bodyError || source.placeholders.length) {
      brokenEntries.push({ ...entryOf(candidate), data: source.data })
      // Its page still counts as a link target: one mistake is reported once, at its file, not
      // again at every link to the page it would make.
      if (!omitted)
        unfinished.push({ collection: candidate.collection, id: candidate.id, data: source.data })
      continue
    }
    ;(omitted ? omittedDrafts : entries).get(candidate.collection)!.push({
      id: candidate.id,
      collection: candidate.collection,
      file: candidate.file,
      data: result.data,
      body: source.body,
      facts: body?.facts,
      images: imageFiles,
    })
  }

  // 5. Links in bodies and `href` fields must open a page of this build (or a file it serves).
  if (linkChecks.length) {
    const routes = new Set(
      buildRouteTable((name) => (entries.get(name) ?? []) as never).map((route) => route.path),
    )
    for (const { collection, id, data } of unfinished)
      if (isRoutedCollection(collection))
        try {
          routes.add(routePath(collection, { id, data } as never))
        } catch {
          // Too broken to have an address (say, a page without `path`): its own errors say so.
        }
    // The navigation and footer (site.yaml) drop their links to drafts this build leaves out.
    const withDrafts = new Set(
      buildRouteTable(
        (name) => [...(entries.get(name) ?? []), ...(omittedDrafts.get(name) ?? [])] as never,
      ).map((route) => route.path),
    )
    // A link to an entry scheduled for a later day is wrong only until that day: say so.
    const scheduledPaths = new Map<string, string>()
    for (const { collection, id, publishDate } of scheduled) {
      const entry = omittedDrafts.get(collection)?.find((candidate) => candidate.id === id)
      if (entry && isRoutedCollection(collection))
        scheduledPaths.set(routePath(collection, entry as never), publishDate)
    }
    for (const { file, collection, links } of linkChecks)
      for (const { url, position, field } of links) {
        const target = url.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1') || '/'
        if (routes.has(target) || (await isServedFile(root, target))) continue
        if (collections[collection]?.singleton && withDrafts.has(target)) continue
        const day = scheduledPaths.get(target)
        errors.push({
          file,
          ...atPosition(position),
          field,
          message: day
            ? `${target} is scheduled for ${day} (its publishDate) and has no page before then; link to it from that day on, or date this entry the same day or later`
            : brokenLinkMessage(target, routes),
        })
      }
  }

  errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
  scheduled.sort(
    (a, b) => a.publishDate.localeCompare(b.publishDate) || a.file.localeCompare(b.file),
  )
  return {
    entries,
    omittedDrafts,
    today,
    scheduled,
    errors,
    brokenEntries,
    files: [
      ...candidates.map((candidate) => candidate.absolute),
      ...assetFiles.map((file) => path.join(root, file)),
    ],
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
  const candidates: Candidate[] = []
  const sources: SourceFile[] = []
  for (const [name, definition] of Object.entries(collections)) {
    if (!definition.singleton) continue
    const absolute = path.join(root, contentDir, definition.source)
    const text = await readFile(absolute, 'utf8').catch(() => undefined)
    if (text === undefined) continue
    candidates.push({ collection: name, id: name, file: definition.source, absolute })
    sources.push(readSource(definition.source, text))
  }
  return buildDay(timeZoneOf(candidates, sources, collections))
}

/**
 * The company's time zone, from the singleton that declares one (content/site.yaml), as written:
 * before the schemas run. A missing or wrong one is the check's to report; until then, UTC.
 */
function timeZoneOf(
  candidates: readonly Candidate[],
  sources: readonly SourceFile[],
  collections: Record<string, CollectionDefinition>,
): string {
  for (const [index, candidate] of candidates.entries()) {
    if (!collections[candidate.collection]?.singleton) continue
    const timeZone = (sources[index]!.data as { timeZone?: unknown } | undefined)?.timeZone
    if (typeof timeZone === 'string' && isTimeZone(timeZone)) return timeZone
  }
  return FALLBACK_TIME_ZONE
}

type Analyse = (
  body: string,
  firstLine: number,
  file: string,
  text: string,
) => Promise<BodyAnalysis>

/**
 * `analyseBody`, through the build cache when asked to use it; with the MDX compiler, a body the
 * cache does not know is parsed once for the check and its compile.
 */
async function bodyAnalyser(
  root: string,
  useCache: boolean,
  compiler: MdxCompiler | undefined,
): Promise<Analyse> {
  if (!useCache) return async (body, firstLine) => analyseBody(body, firstLine)
  const cache = fileCache<BodyAnalysis>(cacheDir(root, 'checkedBodies'), '.json')
  // The checking code is all in this folder; the parser's version is in the lockfile.
  const salt = await toolchainKey(root, ['build/content'])
  // Cache reads all at once; a few bodies at a time past that, or every body's syntax tree
  // would be alive at once, each waiting for its compile.
  const work = pLimit(8)
  return async (body, firstLine, file, text) => {
    const key = hashOf(salt, firstLine, body)
    const known = await cache.get(key)
    if (known) return known
    return work(async () => {
      const parsed = await compiler?.parseOnce(file, text)
      const result = parsed ? analyseTree(parsed.tree, firstLine) : analyseBody(body, firstLine)
      // A body with problems stops the build before anything of it is compiled.
      if (parsed && !result.problems.length) await parsed.compile()
      await cache.put(key, result)
      return result
    })
  }
}

const entryOf = ({ collection, id, file }: Candidate) => ({ collection, id, file })

function atPosition(position: { line: number; column: number }) {
  return { line: position.line, column: position.column }
}

function explain(
  issue: z.core.$ZodIssue,
  schema: z.ZodType,
): { fieldPath: FieldPath; message: string }[] {
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeysAt(schema, issue.path)
    return issue.keys.map((key) => {
      const suggestion = closest(key, known)
      return {
        fieldPath: [...issue.path, key],
        message: suggestion
          ? `unknown field "${key}"; did you mean "${suggestion}"?`
          : `unknown field "${key}"; allowed here: ${contentKeys(known, issue.path).join(', ')}`,
      }
    })
  }
  if (issue.code === 'invalid_union') {
    if (!issue.errors.length) {
      // A discriminated union whose `type` (or other discriminator) matched no option.
      const { discriminator = 'type', options = [] } = issue as {
        discriminator?: string
        options?: unknown[]
      }
      const unionPath = issue.path.at(-1) === discriminator ? issue.path.slice(0, -1) : issue.path
      return [
        {
          fieldPath: [...unionPath, discriminator],
          message: `must be one of ${options.map((value) => JSON.stringify(value)).join(', ')}`,
        },
      ]
    }
    // Report the branch that got furthest rather than a bare "invalid input".
    const branch = issue.errors.reduce((best, next) => (next.length < best.length ? next : best))
    return branch.flatMap((inner) =>
      explain({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue, schema),
    )
  }
  // A field's own message ("must be a date written YYYY-MM-DD") wins over the writer's error map,
  // and says nothing of a field that is not there at all.
  if (issue.code === 'invalid_type' && 'input' in issue && issue.input === undefined)
    return [{ fieldPath: issue.path, message: MISSING_MESSAGE }]
  return [{ fieldPath: issue.path, message: issue.message }]
}

type SchemaDef = Record<string, unknown> & { type: string }
const defOf = (node: z.core.$ZodType | undefined) =>
  node?._zod.def as unknown as SchemaDef | undefined

/** The schema with optional/default/pipe wrappers taken off. */
function unwrap(node: z.core.$ZodType | undefined): z.core.$ZodType | undefined {
  let inner = node
  for (let guard = 0; inner && guard < 20; guard++) {
    const def = defOf(inner)!
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(def.type))
      inner = def.innerType as z.core.$ZodType
    else if (def.type === 'pipe') inner = def.in as z.core.$ZodType
    else break
  }
  return inner
}

/** The part of a schema that checks the value at `fieldPath`. */
function schemaAt(schema: z.ZodType, fieldPath: FieldPath): z.core.$ZodType | undefined {
  let current: z.core.$ZodType | undefined = schema
  for (const segment of fieldPath) {
    const def = defOf(unwrap(current))
    if (def?.type === 'object')
      current = (def.shape as Record<string, z.core.$ZodType>)[String(segment)]
    else if (def?.type === 'array') current = def.element as z.core.$ZodType
    else return undefined
  }
  return unwrap(current)
}

/** The field names a strict object accepts at `fieldPath`, for "did you mean". */
function knownKeysAt(schema: z.ZodType, fieldPath: FieldPath): string[] {
  const def = defOf(schemaAt(schema, fieldPath))
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : []
}

/** The fields worth listing in "allowed here": the `draft` switch is common to every entry. */
function contentKeys(keys: string[], fieldPath: FieldPath): string[] {
  return fieldPath.length ? keys : keys.filter((key) => key !== DRAFT_FIELD)
}

function formatPath(fieldPath: FieldPath): string {
  if (!fieldPath.length) return '(file)'
  return fieldPath
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index ? '.' : ''}${String(segment)}`,
    )
    .join('')
}

/** Frontmatter pictures: every `{ src: "./images/…" }` object, wherever it sits. */
function imageFields(
  data: unknown,
  fieldPath: FieldPath = [],
): { fieldPath: FieldPath; src: string }[] {
  if (Array.isArray(data))
    return data.flatMap((item, index) => imageFields(item, [...fieldPath, index]))
  if (typeof data !== 'object' || data === null) return []
  const record = data as Record<string, unknown>
  if (typeof record.src === 'string' && typeof record.alt === 'string')
    return [{ fieldPath: [...fieldPath, 'src'], src: record.src }]
  return Object.entries(record).flatMap(([key, value]) => imageFields(value, [...fieldPath, key]))
}

/** A link a file makes: in its MDX body, or an `href` field of its data. */
type CheckedLink = BodyFacts['links'][number] & { field: string }

/** Every `href: /…` of a file's data: a link inside the site, checked like a body's links. */
function siteLinkFields(
  data: unknown,
  fieldPath: FieldPath = [],
): { fieldPath: FieldPath; url: string }[] {
  if (Array.isArray(data))
    return data.flatMap((item, index) => siteLinkFields(item, [...fieldPath, index]))
  if (typeof data !== 'object' || data === null) return []
  return Object.entries(data as Record<string, unknown>).flatMap(([key, value]) =>
    key === 'href' && typeof value === 'string'
      ? value.startsWith('/') && !value.startsWith('//')
        ? [{ fieldPath: [...fieldPath, key], url: value }]
        : []
      : siteLinkFields(value, [...fieldPath, key]),
  )
}

/** Files the build serves besides pages: public/ and what the build writes itself. */
const GENERATED_FILES = new Set(['/rss.xml', '/sitemap.xml', '/robots.txt'])
async function isServedFile(root: string, target: string): Promise<boolean> {
  return GENERATED_FILES.has(target) || (await isFile(path.join(root, 'public', target)))
}

async function strayFiles(
  root: string,
  contentDir: string,
  claimed: Set<string>,
  relative: (absolute: string) => string,
): Promise<ContentError[]> {
  // Anything in content/ that no collection reads is almost always a misplaced or misnamed file.
  const errors: ContentError[] = []
  const base = path.join(root, contentDir)
  for (const entry of await listDir(base)) {
    const absolute = path.normalize(path.join(base, entry))
    if (claimed.has(absolute) || entry.startsWith('_') || entry.startsWith('.')) continue
    if (entry === SCHEMA_DIR || entry === 'README.md') continue
    errors.push({
      file: relative(absolute),
      line: 1,
      column: 1,
      field: '(file)',
      message:
        'not part of any collection; see content/schema/collections.ts for the folders that are read',
    })
  }
  return errors
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

export function slugify(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
