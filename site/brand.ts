// Brand facts the document head and the generated files need outside CSS. The colour is the
// palette's --color-brand-700 in renderer/styles.css (a unit test keeps them equal).
export const THEME_COLOR = '#4338ca'
export const BACKGROUND_COLOR = '#ffffff'

/** The mark's letter, drawn in a 32 × 32 box (components/layout/Logo.tsx, the icons, the card). */
export const BRAND_MARK_PATH = 'M9 11h9a5 5 0 0 1 0 10h-4v4H9zm5 4v2h4a1 1 0 0 0 0-2z'

/** Files in public/, made by scripts/dev/make-brand-images.ts. */
export const BRAND_IMAGES = {
  favicon: '/favicon.svg',
  icon192: '/icon-192.png',
  icon512: '/icon-512.png',
  appleTouchIcon: '/apple-touch-icon.png',
  socialCard: '/social-card.png',
} as const
export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 } as const
export const MANIFEST_PATH = '/site.webmanifest'
/** The RSS 2.0 feed of the articles, written by the build (builder/outputs/feed.ts). */
export const FEED_PATH = '/rss.xml'
