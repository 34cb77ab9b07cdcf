import type { ResponsiveImage } from '../../site/content.ts'

/**
 * A content picture in AVIF or WebP at the width the layout needs. Width and height reserve its
 * space, so nothing moves when it arrives; below the fold it loads only when scrolled near.
 */
export function Picture({
  image,
  alt,
  sizes,
  eager = false,
  className,
}: {
  image: ResponsiveImage
  alt: string
  /** How wide it shows, e.g. "(min-width: 1024px) 768px, 100vw". */
  sizes: string
  /** The first picture of a page, above the fold: load it at once, first. */
  eager?: boolean
  className?: string
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={image.srcset.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.srcset.webp} sizes={sizes} />
      <img
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        {...(eager ? { fetchPriority: 'high' as const } : {})}
        className={className}
      />
    </picture>
  )
}
