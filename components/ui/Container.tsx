import type { ReactNode } from 'react'

/** The page's horizontal rhythm: one max width and gutter everywhere. */
export function Container({
  children,
  className = '',
}: {
  children: ReactNode
  className?: string
}) {
  return (
    <div className={`mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8 ${className}`}>{children}</div>
  )
}
