// Every article's summary (./article-summary.ts), built once from the build's content: the pages
// of a build all read the same list.
import { getCollection, getEntry, getImage } from '../../site/content.ts'
import { newestFirst } from './article-facts.ts'
import { summarizeArticle, type ArticleSummary } from './article-summary.ts'

export type { ArticleSummary, TagLink } from './article-summary.ts'

/** The build's content, as the summaries look it up. */
const content = { getCollection, getEntry }

// Keyed by the entries themselves, so the dev server's fresh content is never shown stale.
const built = new WeakMap<object, ArticleSummary[]>()

/** Every published article, newest first. */
export function articleSummaries(): ArticleSummary[] {
  const entries = getCollection('articles')
  const cached = built.get(entries)
  if (cached) return cached
  const summaries = newestFirst(
    entries.map((entry) => summarizeArticle(entry, content, (src) => getImage(entry.file, src))),
  )
  built.set(entries, summaries)
  return summaries
}
