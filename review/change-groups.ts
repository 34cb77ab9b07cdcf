// The changes of a site grouped by cause, as a reviewer wants them: an edit made in one content
// file is shown once, in full, on the page that owns it (the file's own page, else the first page
// showing it), and every other page that only shows it (list pages, related cards, tag pages,
// the home page's cards) is named under it in one line. Added and removed pages are causes too:
// the lists that gain or lose their card are named under them.
import { guardRoute } from '../renderer/guard.ts'
import type { ChangedPage, PartChange, SiteChanges } from './page-changes.ts'
import type { PageText } from './page-text.ts'
import { readableChanges, type ReadableChange } from './readable-diff.ts'

/** One run of changed words on one page, in one part of it. */
export interface PageHunk {
  route: string
  part: string
  field?: string
  change: ReadableChange
  /** What two pages showing the same edit have in common: the words removed and added. */
  key: string
}

export interface ShownElsewhere {
  route: string
  title: string
  /** Where on that page: "Main content", "Description"… each once. */
  parts: string[]
}

interface GroupBase {
  route: string
  title: string
  /** The changed content files this group comes from, when they can be told. */
  files: string[]
  alsoOn: ShownElsewhere[]
}

export interface ChangedGroup extends GroupBase {
  kind: 'changed'
  /** The owner page's own changes, in full. */
  hunks: PageHunk[]
}

export interface AddedGroup extends GroupBase {
  kind: 'added'
  description: string
  /** The first paragraphs of the new page's main content. */
  opening: string[]
}

export interface RemovedGroup extends GroupBase {
  kind: 'removed'
  description: string
  /** Where the old address leads in the new build: a page, or nowhere (404). */
  leadsTo: { redirect: string } | { notFound: true }
}

export type ChangeGroup = ChangedGroup | AddedGroup | RemovedGroup

export interface ContentChange {
  /** Relative to the repository, e.g. content/faqs/ai-ml.yaml. */
  file: string
  /** The lines the change removed and added, as `git diff` shows them. */
  diff: string
}

export interface GroupInput {
  changes: SiteChanges
  before: Map<string, PageText>
  after: Map<string, PageText>
  /** The content files that changed. */
  files: ContentChange[]
  /** The content file each routed page is made from, by route (both builds' routes). */
  fileOfRoute: Map<string, string>
}

/** A page's title without the site's suffix: "Pricing | Panelwise" is "Pricing". */
export const pageName = (title: string) => title.replace(/\s+[|–—-]\s+[^|–—-]+$/, '').trim()

/** Paragraphs of an added page shown in the report. */
const OPENING_PARAGRAPHS = 3
const OPENING_CHARS = 900

function hunksOf(page: ChangedPage): PageHunk[] {
  return page.changes.flatMap((part: PartChange) =>
    readableChanges(part.words).map((change) => ({
      route: page.route,
      part: part.part,
      ...(part.field ? { field: part.field } : {}),
      change,
      key: `${change.hunk.removed}\u0000${change.hunk.added}`,
    })),
  )
}

const partLabel = (hunk: PageHunk) =>
  hunk.part === 'Structured data' ? 'structured data' : hunk.part.toLowerCase()

/** The first paragraphs of a page's main text, past its heading and description. */
function openingOf(page: PageText): string[] {
  const skipped = new Set([pageName(page.title), page.description])
  const opening: string[] = []
  let length = 0
  for (const line of page.main.split('\n')) {
    if (opening.length >= OPENING_PARAGRAPHS || length >= OPENING_CHARS) break
    // Breadcrumbs, labels and bylines are short or end without a full stop: paragraphs are
    // sentences.
    if (skipped.has(line) || line.split(/\s+/).length < 8 || !/[.!?:]$/.test(line)) continue
    opening.push(line)
    length += line.length
  }
  return opening
}

/** Words each side of a change that a file's diff must hold too, to be named its cause. */
const PROBE_WORDS = 2

/** The changed words with a little of their sentence: "interview is 45 minutes;". */
function probe(sentence: string, changed: string): string | undefined {
  if (!changed) return undefined
  const at = sentence.indexOf(changed)
  if (at < 0) return changed
  const before = sentence.slice(0, at).split(/\s+/).filter(Boolean).slice(-PROBE_WORDS)
  const after = sentence
    .slice(at + changed.length)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 1)
  const joined = [before.join(' '), changed, after.join(' ')].join(' ')
  // Words that ran together in the page may stand apart in the file, and the other way round.
  return joined.replace(/\s+/g, '')
}

/** The changed files whose diff holds the changed words with some of their context. */
function filesShowing(files: ContentChange[], hunks: PageHunk[]): string[] {
  const probes = hunks.flatMap(({ change }) =>
    [
      probe(change.plainAfter, change.hunk.added),
      probe(change.plainBefore, change.hunk.removed),
    ].filter((text): text is string => !!text),
  )
  return files
    .filter(({ diff }) => {
      const flat = diff.replace(/\s+/g, '')
      return probes.some((text) => flat.includes(text))
    })
    .map(({ file }) => file)
}

/** The folder of a route: "/resources/articles/x" is in "/resources/articles". */
const sectionOf = (route: string) => route.replace(/\/[^/]*$/, '') || '/'

/** Page names shorter than this are too common words to tell a card by. */
const MIN_CARD_NAME = 12

export function groupChanges(input: GroupInput): ChangeGroup[] {
  const { changes, before, after, files, fileOfRoute } = input
  const changedFiles = new Set(files.map(({ file }) => file))
  const titleOf = (route: string) => (after.get(route) ?? before.get(route))!.title
  const groups: ChangeGroup[] = []
  /** Each hunk is claimed by one group: as its owner's change, or as shown elsewhere. */
  const claims: { group: ChangeGroup; matches: (hunk: PageHunk) => boolean }[] = []

  /** A group's page, with the content file it is made from (when it can be told). */
  const pageOf = (route: string, title: string): GroupBase => {
    const file = fileOfRoute.get(route)
    return { route, title, files: file ? [file] : [], alsoOn: [] }
  }
  /** A list or card gaining (or losing) the page: its name is in the changed line on one side only. */
  const claimByName = (group: ChangeGroup, name: string, side: 'nearAfter' | 'nearBefore') => {
    const other = side === 'nearAfter' ? 'nearBefore' : 'nearAfter'
    claims.push({
      group,
      matches: ({ change }) => change[side].includes(name) && !change[other].includes(name),
    })
  }

  for (const { route, title } of changes.added) {
    const page = after.get(route)!
    const group: AddedGroup = {
      kind: 'added',
      ...pageOf(route, title),
      description: page.description,
      opening: openingOf(page),
    }
    groups.push(group)
    claimByName(group, pageName(title), 'nearAfter')
  }
  const afterRoutes = [...after.keys()]
  for (const { route, title } of changes.removed) {
    const decision = guardRoute(route, '', afterRoutes)
    const group: RemovedGroup = {
      kind: 'removed',
      ...pageOf(route, title),
      description: before.get(route)!.description,
      leadsTo:
        decision.action === 'redirect' ? { redirect: decision.to } : { notFound: true as const },
    }
    groups.push(group)
    claimByName(group, pageName(title), 'nearBefore')
  }

  const hunksByPage = new Map(changes.changed.map((page) => [page.route, hunksOf(page)]))
  // Pages made from a changed file own their hunks.
  for (const [route, hunks] of hunksByPage) {
    const file = fileOfRoute.get(route)
    if (!file || !changedFiles.has(file)) continue
    const group: ChangedGroup = { kind: 'changed', ...pageOf(route, titleOf(route)), hunks }
    groups.push(group)
    const keys = new Set(hunks.map((hunk) => hunk.key))
    claims.push({ group, matches: (hunk) => keys.has(hunk.key) })
  }

  // A list or card row that changed around other pages' titles (a new article pushes the
  // others along, a related card is swapped) belongs to the group in that section of the site:
  // the lists show its pages.
  const names = new Map<string, string>()
  for (const [route, page] of [...before, ...after]) {
    const name = pageName(page.title)
    if (name.length >= MIN_CARD_NAME) names.set(name, route)
  }
  const cardClaim = (hunk: PageHunk) => {
    const near = `${hunk.change.nearBefore}\n${hunk.change.nearAfter}`
    const sections = new Set(
      [...names].filter(([name]) => near.includes(name)).map(([, route]) => sectionOf(route)),
    )
    return claims.find(
      ({ group }) => group.kind !== 'changed' && sections.has(sectionOf(group.route)),
    )
  }

  const owned = new Set(groups.filter((g) => g.kind === 'changed').map((g) => g.route))
  const unclaimed: PageHunk[] = []
  const shownIn = new Map<ChangeGroup, Map<string, Set<string>>>()
  for (const [route, hunks] of hunksByPage) {
    if (owned.has(route)) continue
    for (const hunk of hunks) {
      const claim = claims.find(({ matches }) => matches(hunk)) ?? cardClaim(hunk)
      if (!claim) {
        unclaimed.push(hunk)
        continue
      }
      const pages = shownIn.get(claim.group) ?? new Map<string, Set<string>>()
      shownIn.set(claim.group, pages)
      const parts = pages.get(route) ?? new Set<string>()
      pages.set(route, parts.add(partLabel(hunk)))
    }
  }

  // The rest came from files no page is made from (FAQ sets, pricing, testimonials): the first
  // page, in route order, showing an edit owns it; later pages showing the same words list it.
  const ownerOfKey = new Map<string, string>()
  for (const hunk of unclaimed) if (!ownerOfKey.has(hunk.key)) ownerOfKey.set(hunk.key, hunk.route)
  const byOwner = new Map<string, ChangedGroup>()
  for (const hunk of unclaimed) {
    const owner = ownerOfKey.get(hunk.key)!
    let group = byOwner.get(owner)
    if (!group) {
      group = {
        kind: 'changed',
        route: owner,
        title: titleOf(owner),
        files: [],
        alsoOn: [],
        hunks: [],
      }
      byOwner.set(owner, group)
      groups.push(group)
    }
    if (owner === hunk.route) {
      group.hunks.push(hunk)
      continue
    }
    const pages = shownIn.get(group) ?? new Map<string, Set<string>>()
    shownIn.set(group, pages)
    const parts = pages.get(hunk.route) ?? new Set<string>()
    pages.set(hunk.route, parts.add(partLabel(hunk)))
  }
  for (const group of byOwner.values()) {
    group.files = filesShowing(files, group.hunks)
  }

  for (const group of groups)
    group.alsoOn = [...(shownIn.get(group) ?? [])]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, parts]) => ({ route, title: titleOf(route), parts: [...parts] }))
  const order = { changed: 0, added: 1, removed: 2 }
  return groups.sort(
    (a, b) =>
      (a.files[0] ?? '\uffff').localeCompare(b.files[0] ?? '\uffff') ||
      order[a.kind] - order[b.kind] ||
      a.route.localeCompare(b.route),
  )
}
