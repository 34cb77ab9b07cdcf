// Which collections have pages, and at which address: the one home of routing. The route table
// below feeds the pages the build renders (builder/prerender/prerender.ts), the route functions of pages/
// (pages/routing.ts), the not-found page's guard, the breadcrumbs, the sitemap, the hosting
// redirects and the tests.
// A new routable collection is one line in `routedCollections` plus its folder in pages/.
import { listItemKey } from '../content/schema/collection.ts'
import type { CollectionName, EntryData } from '../content/schema/collections.ts'

type EntriesOf = <C extends CollectionName>(collection: C) => { id: string; data: EntryData<C> }[]

/** A leader's or interviewer's name, from the key an article's `author` names them by. */
function personName(key: string, entriesOf: EntriesOf): string | undefined {
  const people = [...entriesOf('leaders'), ...entriesOf('interviewers')].flatMap(
    (entry) => entry.data.items as { name: string; id?: string }[],
  )
  return people.find((person) => listItemKey(person) === key)?.name
}

interface Routed<C extends CollectionName> {
  /** The address of one entry. */
  path: (entry: { id: string; data: EntryData<C> }) => string
  /**
   * How many pages one entry's page runs to, for an entry that lists others a fixed number at
   * a time (a tag's articles): the first at `path`, the next at `<path>/page/2`…
   */
  pages?: (entry: { id: string; data: EntryData<C> }, entriesOf: EntriesOf) => number
  /** What the page's social card shows beside its title; the description when not given. */
  card?: (entry: { id: string; data: EntryData<C> }, entriesOf: EntriesOf) => Partial<CardText>
}

/** The words of a page's social card (drawn at build time by builder/outputs/social-card/). */
export interface CardText {
  /** The line under the title: the page's description unless the collection says otherwise. */
  subtitle: string
  /** Who wrote it (articles), shown at the foot of the card. */
  author?: string
  /** When it was published (articles), YYYY-MM-DD. */
  date?: string
}

export const routedCollections = {
  /** content/pages/: built from sections, at the `path` the file names. */
  pages: { path: ({ data }) => data.path },
  /** content/legal/: long-form documents, at /<file name>. */
  legal: { path: ({ id }) => `/${id}` },
  /** content/industries/: one page per industry, at /industries/<file name>. */
  industries: { path: ({ id }) => `/industries/${id}` },
  /** content/articles/: long-form articles, at /resources/articles/<file name>. */
  articles: {
    path: ({ id }) => `${ARTICLES}/${id}`,
    card: ({ data }, entriesOf) => ({
      author: personName(data.author, entriesOf),
      date: data.publishDate,
    }),
  },
  /**
   * content/tags/: the articles filed under one tag, at /resources/articles/tags/<file name>,
   * as many a page as the article list shows.
   */
  tags: {
    path: ({ id }) => `${ARTICLES}/tags/${id}`,
    pages: ({ id }, entriesOf) =>
      pageCount(
        entriesOf('articles').filter((article) => article.data.tags.includes(id)).length,
        ARTICLES_PER_PAGE,
      ),
  },
  /** content/case-studies/: one page per case study, at /resources/case-studies/<file name>. */
  'case-studies': { path: ({ id }) => `/resources/case-studies/${id}` },
} satisfies { [C in CollectionName]?: Routed<C> }

const ARTICLES = '/resources/articles'
/** Articles a list page shows: the article list's and each tag's. */
export const ARTICLES_PER_PAGE = 12
/**
 * Articles the RSS feed carries, the newest, in full (builder/outputs/feed.ts). Readers poll a feed
 * for what is new, and a feed of every article grows without end: at 5,000 articles it was
 * 46 MB, more than feed readers fetch. Twenty is about what blog platforms give (WordPress 10,
 * Ghost 15).
 */
export const FEED_ITEMS = 20

/** Pages a list of `count` needs at `perPage` a page; an empty list still has its first page. */
const pageCount = (count: number, perPage: number) => Math.max(1, Math.ceil(count / perPage))

/** The title of page `page` (from 1) of a paged list titled `title`: "Articles, page 2". */
export const pagedTitle = (title: string, page: number, pageWord: string) =>
  page === 1 ? title : `${title}, ${pageWord} ${page}`

/** The address of page `page` (from 1) of a paged list whose first page is at `path`. */
export const pagedPath = (path: string, page: number) =>
  page === 1 ? path : `${path}/page/${page}`

/**
 * Pages that list a collection's published entries a fixed number at a time: the first page at
 * `base`, the next ones at `<base>/page/2`…; their words come from content/site.yaml (`lists`).
 */
export const routedLists = {
  /** The articles, newest first, twelve a page. */
  'article-list': { collection: 'articles', base: ARTICLES, perPage: ARTICLES_PER_PAGE },
} as const satisfies Record<string, { collection: CollectionName; base: string; perPage: number }>

export type RoutedList = keyof typeof routedLists
export type RoutedCollection = keyof typeof routedCollections

/** The address of page `page` (from 1) of a list. */
export function listPagePath(list: RoutedList, page: number): string {
  return pagedPath(routedLists[list].base, page)
}

export interface RouteEntry {
  path: string
  /** The collection an entry's page shows, or the list a list page is part of. */
  collection: RoutedCollection | RoutedList
  /** The entry's id, or for a list page its number ("1", "2"…). */
  id: string
  /** For the second and later pages of an entry that runs to several (a tag's): which page. */
  page?: number
  title: string
  card: CardText
}

type RoutedEntry<C extends RoutedCollection> = { id: string; data: EntryData<C> }

/** Whether a collection has a page per entry. */
export const isRoutedCollection = (collection: string): collection is RoutedCollection =>
  Object.hasOwn(routedCollections, collection)

/** The address of one entry of a routed collection. */
export function routePath<C extends RoutedCollection>(
  collection: C,
  entry: RoutedEntry<C>,
): string {
  return (routedCollections[collection] as Routed<C>).path(entry)
}

/** Every address the site answers, sorted, from the entries of each routed collection. */
export function buildRouteTable(entriesOf: EntriesOf): RouteEntry[] {
  const collections = Object.keys(routedCollections) as RoutedCollection[]
  const site = entriesOf('site')[0]?.data
  // A later page of an entry is titled like a later page of a list.
  const pageWord = site?.lists['article-list'].page ?? 'page'
  const entryRoutes = collections.flatMap((collection) =>
    entriesOf(collection).flatMap((entry) => {
      const routed = routedCollections[collection] as Routed<typeof collection>
      const first: RouteEntry = {
        path: routePath(collection, entry),
        collection,
        id: entry.id,
        title: entry.data.title,
        card: { subtitle: entry.data.description, ...routed.card?.(entry, entriesOf) },
      }
      const pages = routed.pages?.(entry, entriesOf) ?? 1
      return [
        first,
        ...Array.from({ length: pages - 1 }, (_, index): RouteEntry => ({
          ...first,
          path: pagedPath(first.path, index + 2),
          page: index + 2,
          title: pagedTitle(first.title, index + 2, pageWord),
        })),
      ]
    }),
  )
  const listRoutes = (Object.keys(routedLists) as RoutedList[]).flatMap((list) => {
    const { collection, perPage } = routedLists[list]
    const pages = pageCount(entriesOf(collection).length, perPage)
    const title = site?.lists[list].title ?? list
    return Array.from({ length: pages }, (_, index) => ({
      path: listPagePath(list, index + 1),
      collection: list,
      id: String(index + 1),
      title: pagedTitle(title, index + 1, pageWord),
      card: { subtitle: site?.lists[list].description ?? '' },
    }))
  })
  return [...entryRoutes, ...listRoutes].sort((a, b) => a.path.localeCompare(b.path))
}
