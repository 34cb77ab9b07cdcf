// Drafts: an entry with `draft: true` is shown by the dev server, so a writer can preview it,
// and left out of the production build, its sitemap and its navigation.

/** `include`: the dev server. `omit`: the production build and `npm run check:content`. */
export type DraftMode = 'include' | 'omit'

export const DRAFT_FIELD = 'draft'

/** Drafts are previewed by the dev server only; anything built is what gets published. */
export function draftModeFor(command: 'serve' | 'build'): DraftMode {
  return command === 'serve' ? 'include' : 'omit'
}

export function isDraftData(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as Record<string, unknown>).draft === true
  )
}

/** Whether an entry is meant for the published site (not a draft). */
export function isPublished(entry: { data: unknown }): boolean {
  return !isDraftData(entry.data)
}

/**
 * `data` without the links (any `{ href }` in a list) that point at one of `paths`, and without
 * groups (a menu, a footer column) whose every link was removed that way. Used to keep links to
 * drafts left out of a build out of its navigation.
 */
export function withoutLinksTo<T>(data: T, paths: ReadonlySet<string>): T {
  if (!paths.size) return data
  return prune(data, paths) as T
}

const REMOVED = Symbol('removed')

/** Only an item of a list can be removed: a link, or a group of links inside a list. */
function prune(value: unknown, paths: ReadonlySet<string>, inList = false): unknown {
  if (Array.isArray(value))
    return value.map((item) => prune(item, paths, true)).filter((item) => item !== REMOVED)
  if (typeof value !== 'object' || value === null) return value
  const record = value as Record<string, unknown>
  if (inList && typeof record.href === 'string' && paths.has(pathOf(record.href))) return REMOVED
  const result: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(record)) {
    const pruned = prune(field, paths)
    // A group whose links all pointed at drafts goes too, rather than showing up empty.
    if (inList && Array.isArray(field) && field.length && Array.isArray(pruned) && !pruned.length)
      return REMOVED
    result[key] = pruned
  }
  return result
}

/** "/guides/?x#top" → "/guides": the page a site-internal href opens. */
function pathOf(href: string): string {
  if (!href.startsWith('/')) return href
  const path = href.replace(/[?#].*$/, '')
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}
