// What a file points at, checked against what the build makes: its pictures (frontmatter `src`
// fields and the body's images) must be files of its collection's images/ folder, and its links
// (the body's, and `href` fields) must open a page of this build or a file it serves; and its own
// address must not fall on what the build or the editor writes (site/build-outputs.ts).
import { addressProblem } from '../../content/schema/address-rules.ts'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { BUILD_OUTPUTS, reservedAddressMessage, reservedBy } from '../../site/build-outputs.ts'
import { buildRouteTable, isRoutedCollection, routePath } from '../../site/routes.ts'
import type { Candidate, ContentError, IndexedEntry, ScheduledEntry } from './check-types.ts'
import type { BodyFacts } from './mdx-body.ts'
import { brokenLinkMessage } from './messages.ts'
import { formatPath } from './schema-explain.ts'
import type { FieldPath, SourceFile } from './source.ts'
import { dirnameOf, joinPath, type ContentSource } from './content-source.ts'

/**
 * What `match` finds in a file's data, depth first: where it answers (a list, maybe empty) the
 * walk stops; where it does not, it goes on into arrays and objects.
 */
export function findInData<T>(
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
export const imageFields = (data: unknown) =>
  findInData(data, (value, fieldPath) => {
    const record = value as { src?: unknown; alt?: unknown } | null
    return typeof record?.src === 'string' && typeof record.alt === 'string'
      ? [{ fieldPath: [...fieldPath, 'src'], src: record.src }]
      : undefined
  })

/** A link a file makes: in its MDX body, or an `href` field of its data. */
export type CheckedLink = BodyFacts['links'][number] & { field: string }

/** Every `href: /…` of a file's data: a link inside the site, checked like a body's links. */
export const siteLinkFields = (data: unknown) =>
  findInData(data, (value, fieldPath) => {
    if (fieldPath.at(-1) !== 'href' || typeof value !== 'string') return undefined
    return value.startsWith('/') && !value.startsWith('//') ? [{ fieldPath, url: value }] : []
  })

/** The folder whose files the site serves as they are, at the top of its addresses. */
export const PUBLIC_DIR = 'public'

/**
 * The problem of an entry whose address falls on what the build or the editor writes
 * (site/build-outputs.ts), at its `path` field when it names one, else at its file (whose name
 * makes the address).
 */
export function reservedAddress(
  candidate: Candidate,
  data: unknown,
  source: SourceFile,
  publicNames: readonly string[],
): ContentError | undefined {
  if (!isRoutedCollection(candidate.collection)) return undefined
  const address = routePath(candidate.collection, { id: candidate.id, data } as never)
  const output = reservedBy(address, publicNames)
  if (!output) return undefined
  const message = reservedAddressMessage(address, output)
  const named = (data as { path?: unknown }).path === address
  return named
    ? { file: candidate.file, ...source.locate(['path']), field: 'path', message }
    : {
        file: candidate.file,
        line: 1,
        column: 1,
        field: '(file)',
        message: `${message} (the file's name makes it): rename the file`,
      }
}

/** Files the build serves besides pages: public/ and what the build writes itself. */
const GENERATED_FILES = new Set<string>(
  [BUILD_OUTPUTS.feed, BUILD_OUTPUTS.sitemap, BUILD_OUTPUTS.robots].map(({ path }) => path),
)
async function isServedFile(store: ContentSource, target: string): Promise<boolean> {
  return GENERATED_FILES.has(target) || (await store.isFile(joinPath(PUBLIC_DIR, target)))
}

type Position = { line: number; column: number }

/**
 * The pictures an entry shows (its body's and its frontmatter's), each checked to be a file of
 * its folder's images/: the files it found, and a problem at each picture that is not.
 */
export async function checkPictures(
  store: ContentSource,
  file: string,
  source: SourceFile,
  body: BodyFacts | undefined,
): Promise<{ imageFiles: string[]; problems: ContentError[] }> {
  const problems: ContentError[] = []
  const images = new Map<string, { field: string; position: Position }>()
  for (const { src, position } of body?.images ?? []) images.set(src, { field: '(body)', position })
  for (const { fieldPath, src } of imageFields(source.data))
    images.set(src, { field: formatPath(fieldPath), position: source.locate(fieldPath) })
  const imageFiles: string[] = []
  for (const [src, { field, position }] of images) {
    // An address no picture may have ("data:…") is its field's own problem (content/schema/fields.ts).
    if (addressProblem(src)) continue
    const image = joinPath(dirnameOf(file), src)
    const where = { file, line: position.line, column: position.column, field }
    // "./images/../../x.png" would leave the folder: refused here, before any build reads it.
    if (src.split(/[/\\]/).includes('..')) {
      problems.push({
        ...where,
        message: `"${src}" leads out of the images/ folder: name the picture "./images/<file>", with no ".." in it`,
      })
      continue
    }
    if (!src.startsWith('./images/') || !(await store.isFile(image)))
      problems.push({
        file,
        line: position.line,
        column: position.column,
        field,
        message: src.startsWith('./images/')
          ? `no image ${image}: add the file, or correct the name`
          : `"${src}": pictures live in this folder's images/ folder, written "./images/<file>"`,
      })
    else imageFiles.push(image)
  }
  return { imageFiles, problems }
}

/** An entry as the link check counts it: every entry's address is a link target. */
export interface RoutedEntry {
  candidate: Candidate
  facts: IndexedEntry
  omitted: boolean
}

/** The links one file makes. */
export interface FileLinks {
  file: string
  collection: string
  links: CheckedLink[]
}

/**
 * Links in bodies and `href` fields must open a page of this build (or a file it serves). The
 * addresses are made of every entry's ROUTE_FIELDS, whether read by the check or told by the index.
 */
export async function checkLinks(
  store: ContentSource,
  collections: Record<string, CollectionDefinition>,
  everyEntry: readonly RoutedEntry[],
  linkChecks: readonly FileLinks[],
  scheduled: readonly ScheduledEntry[],
): Promise<ContentError[]> {
  const errors: ContentError[] = []
  if (!linkChecks.length) return errors
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
        line: position.line,
        column: position.column,
        field,
        message: day
          ? `${target} is scheduled for ${day} (its publishDate) and has no page before then; link to it from that day on, or date this entry the same day or later`
          : brokenLinkMessage(target, routes),
      })
    }
  return errors
}
