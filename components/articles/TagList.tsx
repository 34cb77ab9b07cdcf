import { useSite } from '../site-context.tsx'
import type { TagLink } from './article-summaries.ts'

/** An article's tags, each a link to its tag page. */
export function TagList({ tags, className = '' }: { tags: TagLink[]; className?: string }) {
  const { articles } = useSite()
  return (
    <ul aria-label={articles.tags} className={`flex flex-wrap gap-2 ${className}`}>
      {tags.map((tag) => (
        <li key={tag.id}>
          <a
            href={tag.path}
            className="relative z-10 inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 hover:bg-brand-100"
          >
            {tag.title}
          </a>
        </li>
      ))}
    </ul>
  )
}
