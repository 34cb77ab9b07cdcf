import type { IllustrationData } from '../../site/illustrations.ts'

/**
 * A drawing from content/illustrations/, inlined so its shapes take the theme's colours (the
 * paint roles in renderer/styles.css). Width and height come from its viewBox, so the page
 * reserves its space before it paints; CSS scales it down on small screens. It is announced as
 * one image named by its alt, or hidden from screen readers when decorative.
 */
export function Illustration({
  illustration: { body, width, height, alt },
  className = '',
}: {
  illustration: IllustrationData
  className?: string
}) {
  const described = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true as const }
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      focusable="false"
      className={`illustration h-auto max-w-full ${className}`}
      {...described}
      dangerouslySetInnerHTML={{ __html: body }}
    />
  )
}
