import { BRAND_MARK_PATH, THEME_COLOR } from '../../site/brand.ts'

/**
 * The wordmark, linking home. On the home page itself it links to "/#top", which the browser
 * scrolls to the top of the document (smoothly, per the stylesheet's scroll-behavior, which
 * honours prefers-reduced-motion) instead of reloading the page: no JavaScript needed.
 */
export function Logo({ name, currentPath }: { name: string; currentPath?: string }) {
  return (
    <a
      href={currentPath === '/' ? '/#top' : '/'}
      className="flex items-center gap-2 text-lg font-bold tracking-tight text-ink"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" fill={THEME_COLOR} />
        <path d={BRAND_MARK_PATH} fill="#fff" />
      </svg>
      {name}
    </a>
  )
}
