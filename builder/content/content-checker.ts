// The content check itself: every collection declared in content/schema/collections.ts, every
// file checked, and either typed entries or the complete list of problems, never just the first.
// It reads through a ContentSource and imports nothing of Node's, so the same code runs for
// `npm run check:content` and the build (./load.ts, files on disk) and in the editor's page
// (builder/admin/entry-check-in-page.ts: the entry being saved, and what the build's content
// index says of the others). Its steps: ./entry-files.ts finds the files, ./source.ts reads each,
// the schemas check its data (explained by ./schema-explain.ts), ./mdx-body.ts its body, and
// ./link-check.ts its pictures, links and
// whether its address is free (site/build-outputs.ts); the types are in ./check-types.ts.
import {
  withReferenceContext,
  listItemKey,
  type CollectionDefinition,
} from '../../content/schema/collection.ts'
import { analyseBody } from './mdx-body.ts'
import { isDraftData } from '../../site/drafts.ts'
import { FALLBACK_TIME_ZONE, scheduledDay } from '../../site/publishing.ts'
import { isTimeZone } from '../../content/schema/site.ts'
import { writerMessage } from './messages.ts'
import { PLACEHOLDER_MESSAGE } from './placeholders.ts'
import { readSource, type SourceFile } from './source.ts'
import type { ContentSource } from './content-source.ts'
import {
  ROUTE_FIELDS,
  type AnalyseBody,
  type BrokenEntry,
  type Candidate,
  type CheckOptions,
  type CheckResult,
  type ContentError,
  type DataEntry,
  type IndexedEntry,
  type LoadedEntry,
  type ReadEntry,
  type ScheduledEntry,
} from './check-types.ts'
import { findEntryFiles } from './entry-files.ts'
import {
  checkLinks,
  checkPictures,
  PUBLIC_DIR,
  reservedAddress,
  siteLinkFields,
  type CheckedLink,
  type FileLinks,
} from './link-check.ts'
import { explain, formatPath } from './schema-explain.ts'

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
    pageIds: readPageIds,
  }: CheckOptions,
): Promise<CheckResult> {
  const errors: ContentError[] = []

  // 1. Find every file and its id, so references can be checked while parsing.
  const { candidates, knownIds, assetFiles, assets, ...found } = await findEntryFiles(
    store,
    collections,
    contentDir,
    index,
  )
  errors.push(...found.errors)

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
  const publicNames = await store.list(PUBLIC_DIR)
  const entries = new Map<string, LoadedEntry[]>()
  const omittedDrafts = new Map<string, LoadedEntry[]>()
  for (const name of Object.keys(collections)) {
    entries.set(name, [])
    omittedDrafts.set(name, [])
  }
  const pageIds: ReadonlySet<string> = readPageIds
    ? await readPageIds()
    : new Set(index?.pageIds ?? [])
  const analyse: AnalyseBody = analyser
    ? await analyser(pageIds)
    : async (body, firstLine) => analyseBody(body, firstLine, pageIds)
  const analysed = await Promise.all(
    sources.map(({ candidate, source, text }) =>
      source.body === undefined
        ? undefined
        : analyse(source.body, source.bodyLine ?? 1, candidate.file, text),
    ),
  )
  const linkChecks: FileLinks[] = []
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
    const pictures = await checkPictures(store, candidate.file, source, body?.facts)
    const imageFiles = pictures.imageFiles
    problems.push(...pictures.problems)
    // An id the page's frame uses is the frame's: a section taking it would break what uses it.
    problems.push(...takenPageIds(candidate.file, source, pageIds))
    // An address the build or the editor writes files at is theirs, whatever the entry says.
    if (result.success) {
      const reserved = reservedAddress(candidate, result.data, source, publicNames)
      if (reserved) problems.push(reserved)
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
  const everyEntry = [
    ...sources.map(({ candidate, facts, omitted }) => ({ candidate, facts, omitted })),
    ...others.map(({ candidate, facts }) => ({ candidate, facts, omitted: isOmitted(facts) })),
  ]
  errors.push(...(await checkLinks(store, collections, everyEntry, linkChecks, scheduled)))

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

/**
 * A section `id` (a page's anchor) that the page itself uses (./page-ids.ts): the browser finds
 * the first element of an id, so the layout's dialog or the head's render hint would find the
 * section instead.
 */
function takenPageIds(
  file: string,
  source: SourceFile,
  pageIds: ReadonlySet<string>,
): ContentError[] {
  const sections = (source.data as { sections?: unknown } | undefined)?.sections
  if (!Array.isArray(sections)) return []
  return sections.flatMap((section: unknown, index) => {
    const id = (section as { id?: unknown } | null)?.id
    if (typeof id !== 'string' || !pageIds.has(id)) return []
    const fieldPath = ['sections', index, 'id']
    return [
      {
        file,
        ...atPosition(source.locate(fieldPath)),
        field: formatPath(fieldPath),
        message: `the id "${id}" belongs to the page’s layout, which every page uses (its dialogs, menus and the anchors they need): choose another id`,
      },
    ]
  })
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

const entryOf = ({ collection, id, file }: Candidate) => ({ collection, id, file })

function atPosition(position: { line: number; column: number }) {
  return { line: position.line, column: position.column }
}
