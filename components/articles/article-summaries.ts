// What a card, a list or a feed shows of an article, built once from the collection: the pages
// of a build all read the same list.
import {
  getCollection,
  getEntry,
  getImage,
  getPerson,
  pathOf,
  type ResponsiveImage,
} from '../../site/content.ts'
import { routePath } from '../../site/routes.ts'
import { newestFirst, readingMinutes } from './article-facts.ts'

export interface TagLink {
  id: string
  title: string
  path: string
}

export interface ArticleSummary {
  id: string
  path: string
  title: string
  description: string
  publishDate: string
  updatedDate?: string
  author: { name: string; role: string }
  minutes: number
  tags: TagLink[]
  cover?: { image: ResponsiveImage; alt: string }
}

// Keyed by the entries themselves, so the dev server's fresh content is never shown stale.
const built = new WeakMap<object, ArticleSummary[]>()

/** Every published article, newest first. */
export function articleSummaries(): ArticleSummary[] {
  const entries = getCollection('articles')
  const cached = built.get(entries)
  if (cached) return cached
  const summaries = newestFirst(
    entries.map((entry) => ({
      id: entry.id,
      path: routePath('articles', entry),
      title: entry.data.title,
      description: entry.data.description,
      publishDate: entry.data.publishDate,
      updatedDate: entry.data.updatedDate,
      author: getPerson(entry.data.author),
      minutes: readingMinutes(entry.words ?? 0),
      tags: entry.data.tags.map(tagLink),
      ...(entry.data.cover
        ? {
            cover: { image: getImage(entry.file, entry.data.cover.src), alt: entry.data.cover.alt },
          }
        : {}),
    })),
  )
  built.set(entries, summaries)
  return summaries
}

/** A tag with its title and page. */
export function tagLink(id: string): TagLink {
  return { id, title: getEntry('tags', id).data.title, path: pathOf('tags', id) }
}
