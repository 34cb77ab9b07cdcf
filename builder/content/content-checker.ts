// The content check itself: every collection declared in content/schema/collections.ts, every
// file checked, and either typed entries or the complete list of problems, never just the first.
// It reads through a ContentSource and imports nothing of Node's, so the same code runs for
// `npm run check:content` and the build (./load.ts, files on disk) and in the editor's page
// (./content-index.ts: the entry being saved, and what the index says of the others).
import type { z } from 'zod'
import { assetFolders, type AssetFolder } from '../../content/schema/asset-folders.ts'
import { addressProblem } from '../../content/schema/body-rules.ts'
import { buildRouteTable, isRoutedCollection, routePath } from '../../site/routes.ts'
import {
  listItemKey,
  withReferenceContext,
  type CollectionDefinition,
} from '../../content/schema/collection.ts'
import { analyseBody, type BodyAnalysis, type BodyFacts } from './mdx-body.ts'
import { DRAFT_FIELD, isDraftData, type DraftMode } from '../../site/drafts.ts'
import { FALLBACK_TIME_ZONE, scheduledDay } from '../../site/publishing.ts'
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
import { dirnameOf, extensionOf, joinPath, type ContentSource } from './content-source.ts'

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

export interface CheckResult {
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
  /** Every file that was read (entries and assets), as paths from the root. */
  files: string[]
  /** What this check knew of every entry: what the editor's check needs of the others. */
  index: Omit<ContentIndex, 'files'>
}

/**
 * What the check needs to know of entries it does not read: written by the build for the
 * editor's page (./content-index.ts), whose check reads only the entry being saved.
 */
export interface ContentIndex {
  /**
   * Every file the check looks at besides entries' text, as paths from the root: the files of
   * the content folder (ids, duplicate and stray files, pictures) and of public/ (link targets).
   */
  files: string[]
  /** What each entry that could be read tells the check of the others. */
  entries: IndexedEntry[]
  /** Per asset folder (assetFolders), the ids of the files that pass its check. */
  assets: Record<string, string[]>
}

export interface IndexedEntry {
  file: string
  /** `checked`: no problem; `problems`: read, with problems; `unreadable`: a YAML syntax error. */
  state: 'checked' | 'problems' | 'unreadable'
  draft?: boolean
  /** Its `publishDate` as written, when it is a day: whether it is scheduled depends on today. */
  publishDate?: string
  /** The keys its list items are referred to by (listItemKey). */
  items?: string[]
  /** A singleton's `timeZone` as written: the company's day (./load.ts publishingDay). */
  timeZone?: string
  /** The fields its address and its page count are made of (ROUTE_FIELDS), as read. */
  route?: Record<string, unknown>
}

/**
 * The fields of an entry's data that site/routes.ts makes addresses of: a page's `path`, and an
 * article's `tags` (how many pages each tag's list runs to). The index carries these only, not
 * whole entries; tests/unit/builder/admin/entry-check-in-page.test.ts proves the addresses come out the same.
 */
export const ROUTE_FIELDS = ['path', 'tags'] as const

/** The folder of a document collection holding the pictures its entries show. */
export const IMAGES_DIR = 'images'
/** content/schema/: the Zod schemas writers' files follow, not entries of their own. */
const SCHEMA_DIR = 'schema'

export const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

interface Candidate {
  collection: string
  id: string
  file: string
}

export type AnalyseBody = (
  body: string,
  firstLine: number,
  file: string,
  text: string,
) => Promise<BodyAnalysis>

export interface CheckOptions {
  /** Folder of the content, relative to the root. */
  contentDir?: string
  /** `omit` (the production build, the check) or `include` (the dev server). */
  drafts?: DraftMode
  /** The day to publish for (YYYY-MM-DD), or how to find it from the company's time zone. */
  today: string | ((timeZone: string) => string)
  /** How a body is analysed (./load.ts adds its cache); analyseBody when not given. */
  analyser?: () => Promise<AnalyseBody>
  /** Facts of the entries, asset files and pictures the source holds no text of. */
  index?: ContentIndex
  /**
   * Called once every file's data is checked, before the MDX bodies are (most of a load): with
   * the entries this build publishes, if no file has a problem so far, else with undefined.
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

/** An entry whose text this check reads, and what it makes of it. */
interface ReadEntry {
  candidate: Candidate
  source: SourceFile
  text: string
  /** A draft (or scheduled entry) this build leaves out. */
  omitted: boolean
  facts: IndexedEntry
}

export async function checkContent(
  store: ContentSource,
  collections: Record<string, CollectionDefinition>,
  {
    contentDir = 'content',
    drafts = 'omit',
    today: todayOption,
    analyser,
    index,
    onDataChecked,
  }: CheckOptions,
): Promise<CheckResult> {
  const errors: ContentError[] = []
  const fileError = (file: string, message: string, line = 1, column = 1) =>
    errors.push({ file, line, column, field: '(file)', message })

  // 1. Find every file and its id, so references can be checked while parsing.
  const candidates: Candidate[] = []
  const claimed = new Set<string>()
  for (const [name, definition] of Object.entries(collections)) {
    const folder = joinPath(contentDir, definition.source)
    claimed.add(folder)
    if (definition.singleton) {
      if (await store.isFile(folder)) candidates.push({ collection: name, id: name, file: folder })
      else fileError(folder, `missing: the ${name} collection is this one file`)
      continue
    }
    const extensions: readonly string[] =
      definition.type === 'data' ? DATA_EXTENSIONS : DOCUMENT_EXTENSIONS
    const seen = new Map<string, string>()
    for (const entry of await store.list(folder)) {
      if (entry.startsWith('.') || entry.startsWith('_')) continue
      // A document collection's pictures sit beside its entries, in images/.
      if (entry === IMAGES_DIR && definition.type === 'document') continue
      const file = joinPath(folder, entry)
      const extension = extensionOf(entry)
      if (!extensions.includes(extension)) {
        fileError(
          file,
          `${name} entries are ${extensions.join(' or ')} files; rename or move this file`,
        )
        continue
      }
      const id = baseName(entry, extension)
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
      candidates.push({ collection: name, id, file })
    }
  }
  const knownIds = new Map<string, Set<string>>()
  for (const name of Object.keys(collections)) knownIds.set(name, new Set())
  for (const candidate of candidates) knownIds.get(candidate.collection)!.add(candidate.id)

  // Asset files (illustrations): their names are ids that entries may reference.
  const assetFiles: string[] = []
  const assets: Record<string, string[]> = {}
  for (const [name, folder] of Object.entries(assetFolders) as [string, AssetFolder][]) {
    const dir = joinPath(contentDir, folder.source)
    claimed.add(dir)
    const ids = new Set<string>()
    knownIds.set(name, ids)
    for (const entry of await store.list(dir)) {
      if (entry.startsWith('.')) continue
      const file = joinPath(dir, entry)
      const id = baseName(entry, folder.extension)
      if (extensionOf(entry) !== folder.extension) {
        fileError(file, `${name} are ${folder.extension} files; rename or move this file`)
      } else if (!ID_PATTERN.test(id)) {
        fileError(
          file,
          `file name "${id}" must be lowercase words joined by hyphens (content refers to it by this name), e.g. "${slugify(id)}${folder.extension}"`,
        )
      } else {
        const text = await store.read(file)
        // Not held by the source: the index says whether it passed its check.
        const problem =
          text === undefined
            ? index?.assets[name]?.includes(id)
              ? undefined
              : { message: `${name}: this file is not in the content index` }
            : folder.check?.(text)
        if (problem) fileError(file, problem.message, problem.line, problem.column)
        else ids.add(id)
        assetFiles.push(file)
      }
    }
    assets[name] = [...ids]
  }
  errors.push(...(await strayFiles(store, contentDir, claimed)))

  // 2. Read every file, so drafts are known before references to them are checked. What the
  // source holds no text of, the index tells.
  const indexed = new Map(index?.entries.map((entry) => [entry.file, entry]))
  const texts = await Promise.all(candidates.map(({ file }) => store.read(file)))
  const read = candidates.map((candidate, index) => {
    const text = texts[index]
    return text === undefined ? undefined : readSource(candidate.file, text)
  })
  const factsOf = candidates.map((candidate, position): IndexedEntry | undefined => {
    const source = read[position]
    return source ? readFacts(candidate, source, collections) : indexed.get(candidate.file)
  })
  const today =
    typeof todayOption === 'string'
      ? todayOption
      : todayOption(timeZoneOf(candidates, factsOf, collections))
  const isOmitted = (facts: IndexedEntry) =>
    drafts === 'omit' && (facts.draft === true || scheduledDay(facts, today) !== undefined)
  const omittedIds = new Map<string, Set<string>>()
  for (const name of Object.keys(collections)) omittedIds.set(name, new Set())
  const itemKeys = new Map<string, Set<string>>()
  const brokenEntries: BrokenEntry[] = []
  const scheduled: ScheduledEntry[] = []
  const sources: ReadEntry[] = []
  /** Entries the index tells of: counted among the others, checked by nobody here. */
  const others: { candidate: Candidate; facts: IndexedEntry }[] = []
  for (const [position, candidate] of candidates.entries()) {
    const source = read[position]
    const facts = factsOf[position]
    if (!facts) continue
    if (source) {
      for (const { position, message } of source.syntaxErrors)
        errors.push({ file: candidate.file, ...atPosition(position), field: '(file)', message })
      if (source.syntaxErrors.length) {
        brokenEntries.push({ ...entryOf(candidate), data: undefined })
        continue
      }
    } else if (facts.state === 'unreadable') continue
    const publishDate = scheduledDay(facts, today)
    if (publishDate) scheduled.push({ ...entryOf(candidate), publishDate })
    const omitted = isOmitted(facts)
    if (source) sources.push({ candidate, source, text: texts[position]!, omitted, facts })
    else others.push({ candidate, facts })
    if (facts.items) {
      const keys = itemKeys.get(candidate.collection) ?? new Set<string>()
      for (const key of facts.items) keys.add(key)
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
  const analyse: AnalyseBody = analyser
    ? await analyser()
    : async (body, firstLine) => analyseBody(body, firstLine)
  const analysed = await Promise.all(
    sources.map(({ candidate, source, text }) =>
      source.body === undefined
        ? undefined
        : analyse(source.body, source.bodyLine ?? 1, candidate.file, text),
    ),
  )
  const linkChecks: { file: string; collection: string; links: CheckedLink[] }[] = []
  for (const [index, { candidate, source, omitted, facts }] of sources.entries()) {
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
      // An address no picture may have ("data:…") is its field's own problem (content/schema/fields.ts).
      if (addressProblem(src)) continue
      const file = joinPath(dirnameOf(candidate.file), src)
      if (!src.startsWith('./images/') || !(await store.isFile(file)))
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
      facts.state = 'problems'
      facts.route = routeFields(source.data)
      continue
    }
    facts.route = routeFields(result.data)
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
  // The addresses are made of every entry's ROUTE_FIELDS, whether read here or told by the index.
  const everyEntry = [
    ...sources.map(({ candidate, facts, omitted }) => ({ candidate, facts, omitted })),
    ...others.map(({ candidate, facts }) => ({ candidate, facts, omitted: isOmitted(facts) })),
  ]
  if (linkChecks.length) {
    // Only routed collections: the others give the route table titles and cards, no addresses.
    const routed = (published: boolean, withDrafts: boolean) => (name: string) =>
      everyEntry
        .filter(
          ({ candidate, facts, omitted }) =>
            candidate.collection === name &&
            isRoutedCollection(name) &&
            facts.state === 'checked' &&
            (omitted ? withDrafts : published),
        )
        .map(({ candidate, facts }) => ({ id: candidate.id, data: facts.route }))
    const routes = new Set(buildRouteTable(routed(true, false) as never).map((route) => route.path))
    // An entry with a problem still counts as a link target: one mistake is reported once, at
    // its file, not again at every link to the page it would make.
    for (const { candidate, facts, omitted } of everyEntry)
      if (facts.state === 'problems' && !omitted && isRoutedCollection(candidate.collection))
        try {
          routes.add(
            routePath(candidate.collection, { id: candidate.id, data: facts.route } as never),
          )
        } catch {
          // Too broken to have an address (say, a page without `path`): its own errors say so.
        }
    // The navigation and footer (site.yaml) drop their links to drafts this build leaves out.
    const withDrafts = new Set(
      buildRouteTable(routed(true, true) as never).map((route) => route.path),
    )
    // A link to an entry scheduled for a later day is wrong only until that day: say so.
    const scheduledPaths = new Map<string, string>()
    for (const { collection, id, publishDate } of scheduled) {
      const entry = routed(false, true)(collection).find((candidate) => candidate.id === id)
      if (entry && isRoutedCollection(collection))
        scheduledPaths.set(routePath(collection, entry as never), publishDate)
    }
    for (const { file, collection, links } of linkChecks)
      for (const { url, position, field } of links) {
        const target = url.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1') || '/'
        if (routes.has(target) || (await isServedFile(store, target))) continue
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
    files: [...candidates.map((candidate) => candidate.file), ...assetFiles],
    index: { entries: factsOf.filter((facts) => facts !== undefined), assets },
  }
}

/** What an entry read from its text tells the others; its `state` is settled by the check. */
function readFacts(
  candidate: Candidate,
  source: SourceFile,
  collections: Record<string, CollectionDefinition>,
): IndexedEntry {
  if (source.syntaxErrors.length) return { file: candidate.file, state: 'unreadable' }
  const data = source.data as Record<string, unknown> | undefined
  const facts: IndexedEntry = { file: candidate.file, state: 'checked' }
  if (isDraftData(data)) facts.draft = true
  if (typeof data?.publishDate === 'string') facts.publishDate = data.publishDate
  if (Array.isArray(data?.items))
    facts.items = data.items.flatMap((item) => listItemKey(item) ?? [])
  if (collections[candidate.collection]?.singleton && typeof data?.timeZone === 'string')
    facts.timeZone = data.timeZone
  return facts
}

/** An entry's ROUTE_FIELDS, as far as its data has them; nothing when it is no block of fields. */
function routeFields(data: unknown): Record<string, unknown> | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const fields: Record<string, unknown> = {}
  for (const key of ROUTE_FIELDS)
    if (key in data) fields[key] = (data as Record<string, unknown>)[key]
  return fields
}

/**
 * The company's time zone, from the singleton that declares one (content/site.yaml), as written:
 * before the schemas run. A missing or wrong one is the check's to report; until then, UTC.
 */
export function timeZoneOf(
  candidates: readonly Pick<Candidate, 'collection'>[],
  facts: readonly (Pick<IndexedEntry, 'timeZone'> | undefined)[],
  collections: Record<string, CollectionDefinition>,
): string {
  for (const [index, candidate] of candidates.entries()) {
    if (!collections[candidate.collection]?.singleton) continue
    const timeZone = facts[index]?.timeZone
    if (typeof timeZone === 'string' && isTimeZone(timeZone)) return timeZone
  }
  return FALLBACK_TIME_ZONE
}

/** `name` without `extension` at its end, as node:path's basename(name, extension). */
function baseName(name: string, extension: string): string {
  return extension && name.endsWith(extension) && name !== extension
    ? name.slice(0, -extension.length)
    : name
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

/**
 * What `match` finds in a file's data, depth first: where it answers (a list, maybe empty) the
 * walk stops; where it does not, it goes on into arrays and objects.
 */
function findInData<T>(
  data: unknown,
  match: (value: unknown, fieldPath: FieldPath) => T[] | undefined,
  fieldPath: FieldPath = [],
): T[] {
  const found = match(data, fieldPath)
  if (found) return found
  if (Array.isArray(data))
    return data.flatMap((item, index) => findInData(item, match, [...fieldPath, index]))
  if (typeof data !== 'object' || data === null) return []
  return Object.entries(data as Record<string, unknown>).flatMap(([key, value]) =>
    findInData(value, match, [...fieldPath, key]),
  )
}

/** Frontmatter pictures: every `{ src: "./images/…" }` object, wherever it sits. */
const imageFields = (data: unknown) =>
  findInData(data, (value, fieldPath) => {
    const record = value as { src?: unknown; alt?: unknown } | null
    return typeof record?.src === 'string' && typeof record.alt === 'string'
      ? [{ fieldPath: [...fieldPath, 'src'], src: record.src }]
      : undefined
  })

/** A link a file makes: in its MDX body, or an `href` field of its data. */
type CheckedLink = BodyFacts['links'][number] & { field: string }

/** Every `href: /…` of a file's data: a link inside the site, checked like a body's links. */
const siteLinkFields = (data: unknown) =>
  findInData(data, (value, fieldPath) => {
    if (fieldPath.at(-1) !== 'href' || typeof value !== 'string') return undefined
    return value.startsWith('/') && !value.startsWith('//') ? [{ fieldPath, url: value }] : []
  })

/** Files the build serves besides pages: public/ and what the build writes itself. */
const GENERATED_FILES = new Set(['/rss.xml', '/sitemap.xml', '/robots.txt'])
async function isServedFile(store: ContentSource, target: string): Promise<boolean> {
  return GENERATED_FILES.has(target) || (await store.isFile(joinPath('public', target)))
}

async function strayFiles(
  store: ContentSource,
  contentDir: string,
  claimed: Set<string>,
): Promise<ContentError[]> {
  // Anything in content/ that no collection reads is almost always a misplaced or misnamed file.
  const errors: ContentError[] = []
  for (const entry of await store.list(contentDir)) {
    const file = joinPath(contentDir, entry)
    if (claimed.has(file) || entry.startsWith('_') || entry.startsWith('.')) continue
    if (entry === SCHEMA_DIR || entry === 'README.md') continue
    errors.push({
      file,
      line: 1,
      column: 1,
      field: '(file)',
      message:
        'not part of any collection; see content/schema/collections.ts for the folders that are read',
    })
  }
  return errors
}

export function slugify(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
