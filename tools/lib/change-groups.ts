// The changes of a site grouped by cause, as a reviewer wants them: an edit made in one content
// file is shown once, in full, on the page that owns it (the file's own page, else the first page
// showing it), and every other page that only shows it (list pages, related cards, tag pages,
// the home page's cards) is named under it in one line. Added and removed pages are causes too:
// the lists that gain or lose their card are named under them.
import { guardRoute } from '../../renderer/guard.ts'
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

/** The first paragraphs of a page's main text, past its heading. */
function openingOf(page: PageText): string[] {
  const heading = pageName(page.title)
  const lines = page.main.split('\n').filter((line) => line && line !== heading)
  const opening: string[] = []
  let length = 0
  for (const line of lines) {
    if (opening.length >= OPENING_PARAGRAPHS || length >= OPENING_CHARS) break
    // Breadcrumbs, labels and dates are short: paragraphs are sentences.
    if (line.split(/\s+/).length < 8) continue
    opening.push(line)
    length += line.length
  }
  return opening
}

/** The changed files whose diff holds some of these words. */
function filesShowing(files: ContentChange[], texts: string[]): string[] {
  const probes = texts
    .map((text) => text.split(/\s+/).slice(0, 4).join(' '))
    .filter((probe) => probe.length >= 2)
  return files
    .filter(({ diff }) => {
      const flat = diff.replace(/\s+/g, ' ')
      return probes.some((probe) => flat.includes(probe))
    })
    .map(({ file }) => file)
}

export function groupChanges(input: GroupInput): ChangeGroup[] {
  const { changes, before, after, files, fileOfRoute } = input
  const changedFiles = new Set(files.map(({ file }) => file))
  const titleOf = (route: string) => (after.get(route) ?? before.get(route))!.title
  const groups: ChangeGroup[] = []
  /** Each hunk is claimed by one group: as its owner's change, or as shown elsewhere. */
  const claims: { group: ChangeGroup; matches: (hunk: PageHunk) => boolean }[] = []

  for (const { route, title } of changes.added) {
    const page = after.get(route)!
    const name = pageName(title)
    const file = fileOfRoute.get(route)
    const group: AddedGroup = {
      kind: 'added',
      route,
      title,
      files: file ? [file] : [],
      alsoOn: [],
      description: page.description,
      opening: openingOf(page),
    }
    groups.push(group)
    claims.push({ group, matches: (hunk) => hunk.change.hunk.added.includes(name) })
  }
  const afterRoutes = [...after.keys()]
  for (const { route, title } of changes.removed) {
    const page = before.get(route)!
    const name = pageName(title)
    const decision = guardRoute(route, '', afterRoutes)
    const file = fileOfRoute.get(route)
    const group: RemovedGroup = {
      kind: 'removed',
      route,
      title,
      files: file ? [file] : [],
      alsoOn: [],
      description: page.description,
      leadsTo:
        decision.action === 'redirect' ? { redirect: decision.to } : { notFound: true as const },
    }
    groups.push(group)
    claims.push({ group, matches: (hunk) => hunk.change.hunk.removed.includes(name) })
  }

  const hunksByPage = new Map(changes.changed.map((page) => [page.route, hunksOf(page)]))
  // Pages made from a changed file own their hunks.
  for (const [route, hunks] of hunksByPage) {
    const file = fileOfRoute.get(route)
    if (!file || !changedFiles.has(file)) continue
    const group: ChangedGroup = {
      kind: 'changed',
      route,
      title: titleOf(route),
      files: [file],
      alsoOn: [],
      hunks,
    }
    groups.push(group)
    const keys = new Set(hunks.map((hunk) => hunk.key))
    claims.push({ group, matches: (hunk) => keys.has(hunk.key) })
  }

  const owned = new Set(groups.filter((g) => g.kind === 'changed').map((g) => g.route))
  const unclaimed: PageHunk[] = []
  const shownIn = new Map<ChangeGroup, Map<string, Set<string>>>()
  for (const [route, hunks] of hunksByPage) {
    if (owned.has(route)) continue
    for (const hunk of hunks) {
      const claim = claims.find(({ matches }) => matches(hunk))
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
    const texts = group.hunks.flatMap(({ change }) => [change.hunk.added, change.hunk.removed])
    group.files = filesShowing(files, texts.filter(Boolean))
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
