// The content check's types: what it is given (its options, and the index of the entries it does
// not read) and what it answers (entries, problems, what it knew). Shared by ./content-checker.ts,
// the steps it runs (./entry-files.ts, ./link-check.ts), ./load.ts and the editor's page
// (builder/admin/entry-check-in-page.ts).
import type { BodyAnalysis, BodyFacts } from './mdx-body.ts'
import type { DraftMode } from '../../site/drafts.ts'
import type { SourceFile } from './source.ts'

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
 * editor's page (builder/admin/entry-check-in-page.ts, CONTENT_INDEX_FILE), whose check reads only the entry being saved.
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
  /** The ids the page itself uses (./page-ids.ts), which a page in the browser cannot render. */
  pageIds?: string[]
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

export interface Candidate {
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
  /**
   * How a body is analysed (./load.ts adds its cache), its headings leaving `pageIds` to the
   * page; analyseBody when not given.
   */
  analyser?: (pageIds: ReadonlySet<string>) => Promise<AnalyseBody>
  /** The ids the page itself uses (./page-ids.ts); else the index's, else none. */
  pageIds?: () => Promise<ReadonlySet<string>>
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
export interface ReadEntry {
  candidate: Candidate
  source: SourceFile
  text: string
  /** A draft (or scheduled entry) this build leaves out. */
  omitted: boolean
  facts: IndexedEntry
}
