// Pure facts about articles, from their entries: order, reading time, authors, neighbours and
// related articles. The pages/ data hooks call these; the unit tests check them.
/** What ordering and relating articles needs of each. */
export interface ArticleLike {
  id: string
  title: string
  /** YYYY-MM-DD */
  publishDate: string
  tags: { id: string }[]
}

type Dated = Pick<ArticleLike, 'publishDate' | 'title'>

/** Newest first; on the same day, by title, so the order never depends on file order. */
export const compareNewestFirst = (a: Dated, b: Dated) =>
  b.publishDate.localeCompare(a.publishDate) || a.title.localeCompare(b.title)

/** The site's order of articles (compareNewestFirst). */
export function newestFirst<A extends ArticleLike>(articles: readonly A[]): A[] {
  return [...articles].sort(compareNewestFirst)
}

/** Minutes to read `words` at 230 words a minute, at least one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / 230))
}

/** The older and newer neighbours of `id` in the newest-first order. */
export function neighbours<A extends ArticleLike>(
  sorted: readonly A[],
  id: string,
): { previous?: A; next?: A } {
  const index = sorted.findIndex((article) => article.id === id)
  if (index < 0) return {}
  return { previous: sorted[index + 1], next: index > 0 ? sorted[index - 1] : undefined }
}

/** Up to `count` other articles sharing the most tags with `id`, newest first among equals. */
export function relatedArticles<A extends ArticleLike>(
  sorted: readonly A[],
  id: string,
  count = 3,
): A[] {
  const article = sorted.find((candidate) => candidate.id === id)
  if (!article || count < 1) return []
  const tags = new Set(article.tags.map((tag) => tag.id))
  // One pass that keeps the best `count` so far (most shared tags, then list order), rather than
  // sorting every other article: each article page asks, so a sort would cost n² log n.
  const best: { candidate: A; shared: number }[] = []
  for (const candidate of sorted) {
    if (candidate.id === id) continue
    const shared = candidate.tags.filter((tag) => tags.has(tag.id)).length
    if (shared === 0 || (best.length === count && best.at(-1)!.shared >= shared)) continue
    const at = best.findIndex((kept) => kept.shared < shared)
    best.splice(at < 0 ? best.length : at, 0, { candidate, shared })
    if (best.length > count) best.pop()
  }
  return best.map(({ candidate }) => candidate)
}

/** The articles of page `page` (from 1) of a list `perPage` long, and how many pages there are. */
export function pageOfList<A>(
  items: readonly A[],
  page: number,
  perPage: number,
): { items: A[]; pages: number } {
  return {
    items: items.slice((page - 1) * perPage, page * perPage),
    pages: Math.max(1, Math.ceil(items.length / perPage)),
  }
}

// One formatter for the whole build: toLocaleDateString makes a new one per call, which took a
// second of a thousand-article build.
const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
})

/** "2026-09-08" → "September 8, 2026", the same in every time zone. */
export function formatDate(date: string): string {
  return longDate.format(new Date(`${date}T12:00:00Z`))
}
