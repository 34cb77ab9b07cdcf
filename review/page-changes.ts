// Compares the pages of two builds by what they say, not by their bytes: a page whose title,
// description, main text and structured data read the same is unchanged, whatever happened to
// its markup or asset hashes. What many pages share (the header with the navigation, the footer,
// the site-wide JSON-LD entities) is compared too, and each change to it is listed once with the
// pages it appears on, so a renamed menu item does not repeat on every page.
import { diffWords, type ChangeObject } from 'diff'
import type { PageText } from './page-text.ts'

export type WordChange = ChangeObject<string>

export interface PartChange {
  /** What changed, as a reviewer would name it: "Main content", "Structured data". */
  part: string
  /** Within structured data, the node and field: "FAQPage mainEntity[0].acceptedAnswer.text". */
  field?: string
  words: WordChange[]
}

export interface ChangedPage {
  route: string
  title: string
  changes: PartChange[]
}

export interface SharedChange extends PartChange {
  /** The pages (present in both builds) showing exactly this change. */
  routes: string[]
}

export interface PageSummary {
  route: string
  title: string
}

export interface SiteChanges {
  added: PageSummary[]
  removed: PageSummary[]
  /** Pages whose own text or structured data changed, in route order. */
  changed: ChangedPage[]
  /** Changes to parts many pages share, each once, with the pages it appears on. */
  shared: SharedChange[]
  /** Routes present in both builds. */
  compared: string[]
  /** Routes present in both builds with no change at all, shared parts included. */
  unchanged: string[]
  /** Routes whose only changes are to shared parts (listed under `shared`). */
  sharedOnly: string[]
}

interface Part {
  part: string
  field?: string
  value: string
  /** The same on every page by design (header, footer, site-wide entities): listed once. */
  shared: boolean
}

/** A JSON-LD node's fields as `path: value` leaves, so each can be compared word by word. */
function flattenJson(value: unknown, prefix: string, into: Map<string, string>) {
  if (Array.isArray(value))
    value.forEach((item, index) => flattenJson(item, `${prefix}[${index}]`, into))
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      flattenJson(item, prefix ? `${prefix}.${key}` : key, into)
  else into.set(prefix, typeof value === 'string' ? value : JSON.stringify(value))
}

/** Every comparable part of a page, by the name the report gives it. */
export function pageParts(page: PageText): Map<string, Part> {
  const parts = new Map<string, Part>()
  const add = (part: Part) =>
    parts.set(part.field ? `${part.part}: ${part.field}` : part.part, part)
  add({ part: 'Title', value: page.title, shared: false })
  add({ part: 'Description', value: page.description, shared: false })
  add({ part: 'Main content', value: page.main, shared: false })
  add({ part: 'Header and navigation', value: page.header, shared: true })
  add({ part: 'Footer', value: page.footer, shared: true })
  const seenTypes = new Map<string, number>()
  for (const node of page.structuredData) {
    const record = (node ?? {}) as Record<string, unknown>
    const type = typeof record['@type'] === 'string' ? record['@type'] : 'node'
    const count = (seenTypes.get(type) ?? 0) + 1
    seenTypes.set(type, count)
    const name = count === 1 ? type : `${type} #${count}`
    // A node with an @id is an entity the whole site shares (the Organization, the WebSite).
    const shared = typeof record['@id'] === 'string'
    const fields = new Map<string, string>()
    flattenJson(record, '', fields)
    for (const [field, value] of fields)
      if (field !== '@context')
        add({ part: 'Structured data', field: `${name} ${field}`, value, shared })
  }
  return parts
}

/** Word changes between two texts, or undefined when they read the same. */
export function wordChanges(before: string, after: string): WordChange[] | undefined {
  if (before === after) return undefined
  const words = diffWords(before, after)
  // diffWords treats runs of whitespace alike, so a text that only moved between lines
  // yields no added or removed words: a reader sees no change.
  return words.some((word) => word.added || word.removed) ? words : undefined
}

export function compareSites(
  before: Map<string, PageText>,
  after: Map<string, PageText>,
): SiteChanges {
  const summary = (route: string, page: PageText) => ({ route, title: page.title })
  const added = [...after].filter(([route]) => !before.has(route)).map(([r, p]) => summary(r, p))
  const removed = [...before].filter(([route]) => !after.has(route)).map(([r, p]) => summary(r, p))
  const compared = [...after.keys()].filter((route) => before.has(route))

  const changed: ChangedPage[] = []
  const shared = new Map<string, SharedChange>()
  const unchanged: string[] = []
  const sharedOnly: string[] = []
  for (const route of compared) {
    const oldParts = pageParts(before.get(route)!)
    const newParts = pageParts(after.get(route)!)
    const own: PartChange[] = []
    let anyShared = false
    for (const key of new Set([...oldParts.keys(), ...newParts.keys()])) {
      const oldValue = oldParts.get(key)?.value ?? ''
      const newValue = newParts.get(key)?.value ?? ''
      const words = wordChanges(oldValue, newValue)
      if (!words) continue
      const { part, field, shared: isShared } = (oldParts.get(key) ?? newParts.get(key))!
      const change = field ? { part, field, words } : { part, words }
      if (!isShared) {
        own.push(change)
        continue
      }
      anyShared = true
      const sameChange = JSON.stringify([key, oldValue, newValue])
      const entry = shared.get(sameChange)
      if (entry) entry.routes.push(route)
      else shared.set(sameChange, { ...change, routes: [route] })
    }
    if (own.length) changed.push({ route, title: after.get(route)!.title, changes: own })
    else if (anyShared) sharedOnly.push(route)
    else unchanged.push(route)
  }
  return { added, removed, changed, shared: [...shared.values()], compared, unchanged, sharedOnly }
}

/** True when no page was added, removed or changed in any part. */
export function nothingChanged(changes: SiteChanges): boolean {
  return (
    !changes.added.length &&
    !changes.removed.length &&
    !changes.changed.length &&
    !changes.shared.length
  )
}
