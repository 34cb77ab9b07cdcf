// What a component's props are joined from: the entries of other collections, looked up by name
// and id. The build hands over the checked content of site/content.ts; the editor's preview pane
// (admin/) the entries it loaded from the repository, with the one being edited as typed. So the
// same resolvers (a page section's FAQ set, an article's author) serve both, and the preview
// never imports `virtual:content`.
import type { z } from 'zod'
import { listItemKey } from '../content/schema/collection.ts'
import type { CollectionName, EntryData } from '../content/schema/collections.ts'
import type { illustration } from '../content/schema/fields.ts'
import type { IllustrationData } from './illustrations.ts'
import { routePath, type RoutedCollection } from './routes.ts'

export interface LookupEntry<C extends CollectionName> {
  id: string
  data: EntryData<C>
}

export interface ContentLookup {
  getCollection<C extends CollectionName>(name: C): LookupEntry<C>[]
  /** Throws when there is no such entry. */
  getEntry<C extends CollectionName>(name: C, id: string): LookupEntry<C>
  /** A checked `illustration` field as the page inlines it. */
  illustrationOf(field: z.output<typeof illustration>): IllustrationData
}

/** The address of an entry of a routed collection, e.g. an industry's page. */
export function pathIn(
  content: Pick<ContentLookup, 'getEntry'>,
  collection: RoutedCollection,
  id: string,
): string {
  return routePath(collection, content.getEntry(collection, id))
}

/** A person an entry names (an article's author): a leader or an interviewer, by its key. */
export function personIn(
  content: Pick<ContentLookup, 'getCollection' | 'getEntry'>,
  key: string,
): { name: string; role: string } {
  const people = [
    ...content.getEntry('interviewers', 'network').data.items,
    ...content.getCollection('leaders').flatMap((entry) => entry.data.items),
  ]
  const person = people.find((candidate) => listItemKey(candidate) === key)
  if (!person) throw new Error(`content: no leader or interviewer "${key}"`)
  return { name: person.name, role: person.role }
}
