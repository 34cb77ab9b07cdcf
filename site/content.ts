// The typed door to content for pages and the renderer (server only): entries arrive already
// checked against content/schema/collections.ts, so a page can trust every field it reads.
import type { ComponentType } from 'react'
import { entries, images, omittedDrafts, problems } from 'virtual:content'
import type { ResponsiveImage } from '../builder/content/images.ts'
import type { Heading } from '../builder/content/mdx-body.ts'
import type { CollectionName, EntryData } from '../content/schema/collections.ts'
import type { ContentError } from '../builder/content/load.ts'
import {
  buildRouteTable,
  isRoutedCollection,
  routePath,
  type RouteEntry,
  type RoutedCollection,
} from './routes.ts'

/** What the MDX body of a document is rendered with: the writer components, by name. */
export type MdxComponents = Record<string, ComponentType<never>>

export interface Entry<C extends CollectionName> {
  id: string
  file: string
  data: EntryData<C>
  /** Document collections: the body's headings (with their anchors), for a table of contents. */
  headings?: Heading[]
  /** Document collections: the body's length in words, for the reading time. */
  words?: number
  /** The MDX body, for document collections. */
  Content?: ComponentType<{ components?: MdxComponents }>
}

/**
 * The entries of this build. The production build has no drafts; the dev server includes them
 * so writers can preview them. The sitemap is written by the build alone, so it never lists one.
 */
export function getCollection<C extends CollectionName>(name: C): Entry<C>[] {
  return (entries[name] ?? []) as unknown as Entry<C>[]
}

/**
 * The responsive variants of a picture: `src` as written in `file` ("./images/x.png" in
 * content/articles/<id>.mdx). The content check has made sure it exists.
 */
export function getImage(file: string, src: string): ResponsiveImage {
  const key = `${file.slice(0, file.lastIndexOf('/'))}/${src.replace(/^\.\//, '')}`
  const image = images[key]
  if (!image) throw new Error(`${file}: no picture ${src} (content/…/images/)`)
  return image
}

/** Drafts left out of this build (empty in the dev server): links to them must go too. */
function getOmittedDrafts<C extends CollectionName>(name: C): Omit<Entry<C>, 'Content'>[] {
  return (omittedDrafts[name] ?? []) as Omit<Entry<C>, 'Content'>[]
}

/**
 * Thrown in the dev server by a page that needs an entry set aside for a problem in its file:
 * the error page shows the problems (pages/_error/), and every page that does not need the
 * entry renders as usual.
 */
export class ContentProblemsError extends Error {
  constructor(readonly problems: ContentError[]) {
    super(`content problems in ${[...new Set(problems.map(({ file }) => file))].join(', ')}`)
    this.name = 'ContentProblemsError'
    // The dev server printed the problems when it loaded the content: a stack adds nothing.
    this.stack = `${this.name}: ${this.message}`
  }
}

/** The problems a page's error carries, if it is a content problem (see ContentProblemsError). */
export function contentProblemsOf(error: unknown): ContentError[] | undefined {
  // By name, not instanceof: the dev server may hand over an error from a replaced module.
  const { name, problems } = (error ?? {}) as { name?: unknown; problems?: unknown }
  return name === 'ContentProblemsError' && Array.isArray(problems)
    ? (problems as ContentError[])
    : undefined
}

export function getEntry<C extends CollectionName>(name: C, id: string): Entry<C> {
  const entry = getCollection(name).find((candidate) => candidate.id === id)
  if (entry) return entry
  const broken = problems.find((problem) => problem.collection === name && problem.id === id)
  if (broken) throw new ContentProblemsError(broken.errors)
  throw new Error(`content/${name}: no entry "${id}"`)
}

export function getSite(): EntryData<'site'> {
  return getEntry('site', 'site').data
}

export type { Action, Link, Section } from '../content/schema/collections.ts'
export type { RouteEntry, RoutedCollection, RoutedList } from './routes.ts'
export { ARTICLES_PER_PAGE, listPagePath, pagedPath, pagedTitle, routedLists } from './routes.ts'
export type { ContentError, Heading, ResponsiveImage }

// The entries never change while this module lives (the dev server reloads it with them), and
// every page's head asks for the table: it is built once.
let routes: RouteEntry[] | undefined

/**
 * Every route of the built site (in the dev server, drafts' routes too, and the routes of entries
 * set aside for a problem, so their page shows it rather than "not found").
 */
export function listRoutes(): RouteEntry[] {
  return (routes ??= [...buildRouteTable(getCollection), ...brokenEntryRoutes()])
}

function brokenEntryRoutes(): RouteEntry[] {
  return problems.flatMap(({ collection, id, data }) => {
    if (!isRoutedCollection(collection)) return []
    try {
      const path = routePath(collection, { id, data } as never)
      return [{ path, collection, id, title: id, card: { subtitle: '' } }]
    } catch {
      return [] // too broken to have an address (a page without `path`): no page shows it
    }
  })
}

/** The address of an entry of a routed collection, e.g. an industry's page. */
export function pathOf(collection: RoutedCollection, id: string): string {
  return routePath(collection, getEntry(collection, id))
}

/**
 * Addresses this build has no page for because it leaves drafts out (a draft's page, a list page
 * only drafts would fill), so the navigation drops links to them. The routes the site would have
 * with its drafts, less those it has: not the drafts' own route table, which holds every list's
 * first page (a list always has one) and so dropped the link to the article list from the menus.
 */
export function listOmittedDraftPaths(): Set<string> {
  const built = new Set(listRoutes().map((route) => route.path))
  const withDrafts = buildRouteTable((name) => [...getCollection(name), ...getOmittedDrafts(name)])
  return new Set(withDrafts.map((route) => route.path).filter((path) => !built.has(path)))
}
