// What a card, a list or a feed shows of one article, from its entry and what it names (its
// author, its tags, its cover) looked up in a ContentLookup: the build's content
// (./article-summaries.ts), or in the editor's preview the entries loaded from the repository.
import type { ResponsiveImage } from '../../site/content.ts'
import {
  pathIn,
  personIn,
  type ContentLookup,
  type LookupEntry,
} from '../../site/content-lookup.ts'
import { routePath } from '../../site/routes.ts'
import { readingMinutes } from './article-facts.ts'

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

/** What a summary looks up: entries, not drawings. */
type Entries = Pick<ContentLookup, 'getCollection' | 'getEntry'>

/** An article entry; `words` is its body's length. */
export type ArticleEntry = LookupEntry<'articles'> & { words?: number }

/** `pictures` finds a picture the entry names ("./images/x.png") beside its file. */
export function summarizeArticle(
  entry: ArticleEntry,
  content: Entries,
  pictures: (src: string) => ResponsiveImage,
): ArticleSummary {
  return {
    id: entry.id,
    path: routePath('articles', entry),
    title: entry.data.title,
    description: entry.data.description,
    publishDate: entry.data.publishDate,
    updatedDate: entry.data.updatedDate,
    author: personIn(content, entry.data.author),
    minutes: readingMinutes(entry.words ?? 0),
    tags: entry.data.tags.map((id) => tagLinkIn(content, id)),
    ...(entry.data.cover
      ? { cover: { image: pictures(entry.data.cover.src), alt: entry.data.cover.alt } }
      : {}),
  }
}

/** A tag with its title and page. */
export function tagLinkIn(content: Entries, id: string): TagLink {
  return { id, title: content.getEntry('tags', id).data.title, path: pathIn(content, 'tags', id) }
}
