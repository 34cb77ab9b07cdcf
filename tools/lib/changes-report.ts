// The Markdown report of `npm run changes`: what a reviewer needs to approve a content change,
// readable in a terminal and as a GitHub job summary. Word changes are shown in place, with a
// few words of context from the same line: ~~removed~~ and **added**.
import {
  nothingChanged,
  type PartChange,
  type SiteChanges,
  type WordChange,
} from './page-changes.ts'

/** Words of unchanged text shown on each side of a change. */
const CONTEXT_WORDS = 8
/** Pages named in full under a change shared by many pages; more are counted. */
const LISTED_ROUTES = 10

export interface ReportOptions {
  /** How the base was named and which commit it is, e.g. "main (merge base 1a2b3c4)". */
  base: string
  /** The side of the comparison being reviewed, e.g. "the working tree". */
  head: string
  /** Screenshot files written, relative to `dir`, by route; `where` says how to get them. */
  screenshots?: { dir: string; where?: string; byRoute: Map<string, string[]> }
}

/** Characters that would start emphasis, code, a link or an HTML tag in running text. */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_~[\]<>]/g, '\\$&')

/** Block boundaries inside a change, shown on one line. */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' / ')

/** Whitespace around a change as it reads: a line break as " / ", any other as one space. */
const joint = (space: string) => (space.includes('\n') ? ' / ' : space ? ' ' : '')

/** Marks a changed stretch, keeping its outer spaces outside the marks (Markdown needs that). */
function mark(text: string, marker: string): string {
  const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!
  if (!core) return joint(text)
  return `${joint(lead)}${marker}${escapeMarkdown(oneLine(core))}${marker}${joint(trail)}`
}

/** Words of unchanged text, with "/" where one block (heading, paragraph, item) ends. */
const contextTokens = (text: string) =>
  text
    .trim()
    .split(/\s*\n\s*/)
    .flatMap((line, index) => [...(index ? ['/'] : []), ...line.split(/\s+/).filter(Boolean)])

/** The last few words before a change. */
function leadingContext(text: string): string {
  const tokens = contextTokens(text)
  const shown = tokens.slice(-CONTEXT_WORDS)
  while (shown[0] === '/') shown.shift()
  const cut = tokens.length > CONTEXT_WORDS ? '…' : ''
  return cut + escapeMarkdown(shown.join(' ')) + joint(/\s*$/.exec(text)![0])
}

/** The first few words after a change. */
function trailingContext(text: string): string {
  const tokens = contextTokens(text)
  const shown = tokens.slice(0, CONTEXT_WORDS)
  while (shown.at(-1) === '/') shown.pop()
  const cut = tokens.length > CONTEXT_WORDS ? '…' : ''
  return joint(/^\s*/.exec(text)![0]) + escapeMarkdown(shown.join(' ')) + cut
}

/** Unchanged text short enough to show whole between two nearby changes. */
const bridges = (text: string) =>
  !text.includes('\n') && text.trim().split(/\s+/).length <= 2 * CONTEXT_WORDS

/** Each run of nearby changes as one line of Markdown, with context around it. */
export function wordDiffLines(words: WordChange[]): string[] {
  const lines: string[] = []
  let index = 0
  while (index < words.length) {
    if (!words[index]!.added && !words[index]!.removed) {
      index++
      continue
    }
    const start = index
    let end = index
    for (let next = index + 1; next < words.length; next++) {
      const word = words[next]!
      if (word.added || word.removed) end = next
      else if (!(next + 1 < words.length && bridges(word.value))) break
    }
    const before = words[start - 1]
    const after = words[end + 1]
    const body = words
      .slice(start, end + 1)
      .map((word) =>
        word.removed
          ? mark(word.value, '~~')
          : word.added
            ? mark(word.value, '**')
            : escapeMarkdown(word.value),
      )
      .join('')
    lines.push(
      (before ? leadingContext(before.value) : '') +
        body +
        (after ? trailingContext(after.value) : ''),
    )
    index = end + 1
  }
  return lines
}

const partName = (change: PartChange) =>
  `**${change.part}**` + (change.field ? ` \`${change.field}\`` : '')

/** The changed lines of one part; a change repeated word for word is shown once. */
const diffList = (change: PartChange) =>
  [...new Set(wordDiffLines(change.words).map((line) => line.trim()))].map((line) => `- ${line}`)

function renderPart(change: PartChange): string[] {
  return [partName(change), '', ...diffList(change), '']
}

const code = (route: string) => `\`${route}\``

function pageCount(count: number) {
  return `${count} page${count === 1 ? '' : 's'}`
}

function routeList(routes: string[]): string {
  const listed = routes.slice(0, LISTED_ROUTES).map(code).join(', ')
  const more = routes.length - LISTED_ROUTES
  return more > 0 ? `${listed} and ${more} more` : listed
}

export function renderChangesReport(changes: SiteChanges, options: ReportOptions): string {
  const out: string[] = ['## What this change does to the pages', '']
  out.push(`Compared ${options.head} with ${options.base}.`, '')

  if (nothingChanged(changes)) {
    out.push(
      `**No page changed.** All ${pageCount(changes.compared.length)} read the same as before: ` +
        'title, description, text, navigation, footer and structured data. ' +
        '(Markup or asset file names may differ; no visitor-facing words did.)',
      '',
    )
    return out.join('\n') + '\n'
  }

  const counts = [
    `${changes.added.length} added`,
    `${changes.removed.length} removed`,
    `${changes.changed.length} changed`,
    ...(changes.sharedOnly.length
      ? [`${changes.sharedOnly.length} changed only in what pages share`]
      : []),
    `${changes.unchanged.length} unchanged`,
  ]
  out.push(`**Pages:** ${counts.join(', ')}.`)
  if (changes.shared.length) {
    const parts = [...new Set(changes.shared.map((change) => change.part.toLowerCase()))]
    out.push(
      `Changed on many pages at once: ${parts.join(', ')} (each change shown once, with its pages).`,
    )
  }
  out.push('')

  if (changes.added.length) {
    out.push('### Added pages', '')
    for (const page of changes.added)
      out.push(`- ${code(page.route)}: ${escapeMarkdown(page.title)}`)
    out.push('')
  }
  if (changes.removed.length) {
    out.push('### Removed pages', '')
    for (const page of changes.removed)
      out.push(`- ${code(page.route)}: ${escapeMarkdown(page.title)}`)
    out.push('')
  }
  if (changes.shared.length) {
    out.push('### Changed on many pages', '')
    for (const change of changes.shared) {
      const where =
        change.routes.length === changes.compared.length
          ? `on every page (${change.routes.length})`
          : `on ${pageCount(change.routes.length)}: ${routeList(change.routes)}`
      out.push(`#### ${change.part}${change.field ? ` \`${change.field}\`` : ''}, ${where}`, '')
      out.push(...diffList(change), '')
    }
  }
  if (changes.changed.length) {
    out.push('### Changed pages', '')
    for (const page of changes.changed) {
      out.push(`#### ${code(page.route)}: ${escapeMarkdown(page.title)}`, '')
      for (const change of page.changes) out.push(...renderPart(change))
    }
  }
  if (options.screenshots?.byRoute.size) {
    out.push('### Screenshots', '')
    const { dir, where } = options.screenshots
    out.push(
      `Before and after, at 390 and 1280 px wide, and side by side, in \`${dir}\`` +
        (where ? ` (${where})` : '') +
        ':',
      '',
    )
    for (const [route, files] of options.screenshots.byRoute)
      out.push(`- ${code(route)}: ${files.map(code).join(', ')}`)
    out.push('')
  }
  return out.join('\n') + '\n'
}
