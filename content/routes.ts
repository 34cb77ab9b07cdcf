// Which collections have pages, and at which address: the one home of routing. The route table
// below feeds the prerender lists and route functions of pages/ (pages/routing.ts), the
// not-found page's guard, the breadcrumbs, the sitemap, the hosting redirects and the tests.
// A new routable collection is one line in `routedCollections` plus its folder in pages/.
import type { CollectionName, EntryData } from './config.ts'

interface Routed<C extends CollectionName> {
  /** The address of one entry. */
  path: (entry: { id: string; data: EntryData<C> }) => string
  /** What the page's social card shows beside its title; the description when not given. */
  card?: (entry: { id: string; data: EntryData<C> }) => Partial<CardText>
}

/** The words of a page's social card (drawn at build time by scripts/lib/social-card/). */
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
} satisfies { [C in CollectionName]?: Routed<C> }

export type RoutedCollection = keyof typeof routedCollections

export interface RouteEntry {
  path: string
  collection: RoutedCollection
  id: string
  title: string
  card: CardText
}

type RoutedEntry<C extends RoutedCollection> = { id: string; data: EntryData<C> }

/** The address of one entry of a routed collection. */
export function routePath<C extends RoutedCollection>(
  collection: C,
  entry: RoutedEntry<C>,
): string {
  return (routedCollections[collection] as Routed<C>).path(entry)
}

/** Every address the site answers, sorted, from the entries of each routed collection. */
export function buildRouteTable(
  entriesOf: <C extends RoutedCollection>(collection: C) => RoutedEntry<C>[],
): RouteEntry[] {
  const collections = Object.keys(routedCollections) as RoutedCollection[]
  return collections
    .flatMap((collection) =>
      entriesOf(collection).map((entry) => ({
        path: routePath(collection, entry),
        collection,
        id: entry.id,
        title: entry.data.title,
        card: {
          subtitle: entry.data.description,
          ...(routedCollections[collection] as Routed<typeof collection>).card?.(entry),
        },
      })),
    )
    .sort((a, b) => a.path.localeCompare(b.path))
}
