// The Markdown report of `npm run changes`: what a reviewer needs to approve a content change,
// readable in a terminal, as a GitHub job summary and as a pull-request comment on a phone.
// Changes come grouped by cause (./change-groups.ts); each shows the sentence before and after,
// removed words ~~struck~~ and added words **bold**.
import type { ContentError } from '../builder/content/load.ts'
import { formatError } from '../builder/content/report.ts'
import { pageName, type ChangeGroup, type PageHunk } from './change-groups.ts'
import { nothingChanged, type SiteChanges } from './page-changes.ts'
import { escapeMarkdown, readableChanges, renderReadableChange } from './readable-diff.ts'

/** Pages named in full under a change shared by many pages; more are counted. */
const LISTED_ROUTES = 10

export const REPORT_HEADING = '## What this change does to the pages'

export interface ReportOptions {
  /** How the base was named and which commit it is, e.g. "main (merge base 1a2b3c4)". */
  base: string
  /** The side of the comparison being reviewed, e.g. "the working tree". */
  head: string
  /** Screenshot files written, relative to `dir`, by route; `where` says how to get them. */
  screenshots?: {
    dir: string
    where?: string
    byRoute: Map<string, string[]>
    /** Why a page has no screenshot, by route. */
    missing?: Map<string, string>
  }
}

const code = (text: string) => `\`${text}\``

function pageCount(count: number) {
  return `${count} page${count === 1 ? '' : 's'}`
}

function routeList(routes: string[]): string {
  const listed = routes.slice(0, LISTED_ROUTES).map(code).join(', ')
  const more = routes.length - LISTED_ROUTES
  return more > 0 ? `${listed} and ${more} more` : listed
}

const partHeading = (hunk: Pick<PageHunk, 'part' | 'field'>) =>
  `**${hunk.part}**` + (hunk.field ? ` ${code(hunk.field)}` : '')

/** A page's own changes, part by part; a change repeated word for word is shown once. */
function renderHunks(hunks: PageHunk[]): string[] {
  const out: string[] = []
  const byPart = new Map<string, PageHunk[]>()
  for (const hunk of hunks) {
    const key = partHeading(hunk)
    byPart.set(key, [...(byPart.get(key) ?? []), hunk])
  }
  for (const [heading, partHunks] of byPart) {
    const lines = [...new Set(partHunks.map(({ change }) => renderReadableChange(change)))]
    out.push(heading, '', ...lines, '')
  }
  return out
}

const causeLine = (files: string[]) =>
  files.length ? `Changed in ${files.map(code).join(', ')}.` : undefined

function renderGroup(group: ChangeGroup): string[] {
  const name = `${code(group.route)}: ${escapeMarkdown(pageName(group.title))}`
  const out: string[] = []
  const cause = causeLine(group.files)
  if (group.kind === 'changed') {
    out.push(`### ${name}`, '')
    if (cause) out.push(cause, '')
    out.push(...renderHunks(group.hunks))
  } else if (group.kind === 'added') {
    out.push(`### New page ${name}`, '')
    if (cause) out.push(cause, '')
    if (group.description) out.push(`**Description:** ${escapeMarkdown(group.description)}`, '')
    if (group.opening.length) {
      out.push('**First paragraphs:**', '')
      for (const paragraph of group.opening) out.push(`> ${escapeMarkdown(paragraph)}`, '>')
      out.pop()
      out.push('')
    }
  } else {
    out.push(`### Removed page ${name}`, '')
    if (cause) out.push(cause, '')
    if (group.description) out.push(`**It was:** ${escapeMarkdown(group.description)}`, '')
    out.push(
      'leadsTo' in group && 'redirect' in group.leadsTo
        ? `**Its address now redirects to ${code(group.leadsTo.redirect)}** (the nearest page above it).`
        : '**Its address now answers 404 Not Found** (no page above it to redirect to).',
      '',
    )
  }
  if (group.alsoOn.length) {
    const verb =
      group.kind === 'added'
        ? 'Now listed on'
        : group.kind === 'removed'
          ? 'No longer on'
          : 'Also shown on'
    out.push(`${verb} ${pageCount(group.alsoOn.length)} (not repeated):`, '')
    for (const page of group.alsoOn)
      out.push(
        `- ${code(page.route)}: ${escapeMarkdown(pageName(page.title))} (${page.parts.join(', ')})`,
      )
    out.push('')
  }
  return out
}

export interface ReportInput {
  changes: SiteChanges
  groups: ChangeGroup[]
}

export function renderChangesReport(
  { changes, groups }: ReportInput,
  options: ReportOptions,
): string {
  const out: string[] = [REPORT_HEADING, '']
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

  const owners = groups.filter((group) => group.kind === 'changed').length
  const showing = changes.changed.length - owners
  const counts = [
    `${changes.added.length} added`,
    `${changes.removed.length} removed`,
    `${changes.changed.length} changed` +
      (showing <= 0
        ? ''
        : owners
          ? ` (${owners} shown in full, ${showing} listed under the change they show)`
          : ' (listed under the change they show)'),
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

  for (const group of groups) out.push(...renderGroup(group))

  if (changes.shared.length) {
    out.push('### Changed on many pages', '')
    for (const change of changes.shared) {
      const where =
        change.routes.length === changes.compared.length
          ? `on every page (${change.routes.length})`
          : `on ${pageCount(change.routes.length)}: ${routeList(change.routes)}`
      out.push(`#### ${change.part}${change.field ? ` ${code(change.field)}` : ''}, ${where}`, '')
      out.push(...new Set(readableChanges(change.words).map(renderReadableChange)), '')
    }
  }
  if (options.screenshots?.byRoute.size || options.screenshots?.missing?.size) {
    out.push('### Screenshots', '')
    const { dir, where } = options.screenshots
    out.push(
      `The changed region, before and after side by side, outlined, at 1280 and 390 px wide, in ${code(dir)}` +
        (where ? ` (${where})` : '') +
        ':',
      '',
    )
    for (const [route, files] of options.screenshots.byRoute)
      out.push(`- ${code(route)}: ${files.map(code).join(', ')}`)
    for (const [route, reason] of options.screenshots.missing ?? [])
      out.push(`- ${code(route)}: no screenshot (${escapeMarkdown(reason)})`)
    out.push('')
  }
  return out.join('\n') + '\n'
}

/**
 * The report when the working tree's content does not pass the content check: no build is
 * possible, and what the reviewer needs is where and why.
 */
export function renderContentCheckReport(
  errors: readonly ContentError[],
  options: Omit<ReportOptions, 'screenshots'>,
): string {
  const files = new Set(errors.map((error) => error.file))
  return [
    REPORT_HEADING,
    '',
    `Compared ${options.head} with ${options.base}.`,
    '',
    `**The content check failed: ${errors.length} problem${errors.length === 1 ? '' : 's'} in ` +
      `${files.size} file${files.size === 1 ? '' : 's'}.** The pages cannot be built until ` +
      'these are fixed, so there is no page comparison yet.',
    '',
    '| File | Line | Field | Problem |',
    '| --- | --- | --- | --- |',
    ...errors.map(
      (error) =>
        `| ${code(error.file)} | ${error.line} | ${code(error.field)} | ${escapeMarkdown(error.message).replace(/\n/g, ' ')} |`,
    ),
    '',
    'As the content check prints it (`npm run check:content`):',
    '',
    '```',
    ...errors.map(formatError),
    '```',
    '',
  ].join('\n')
}
