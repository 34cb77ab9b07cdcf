// The social card's layout, as a Takumi node tree: containers and text with CSS-like styles,
// laid out with flexbox (./draw-card.ts renders it). Plain objects, not JSX: the build loads this
// file in Vite's config process, where importing React would load it before the page render
// picks its production build, and the two would clash.
// Colours are the palette of renderer/styles.css; the mark is the logo of
// components/layout/Logo.tsx. Change TEMPLATE_VERSION with any change here, so cached cards are
// drawn again.
import type { Node } from '@takumi-rs/core'
import { BRAND_MARK_PATH, SOCIAL_CARD_SIZE } from '../../../site/brand.ts'

export const TEMPLATE_VERSION = 3

/** What one card shows. */
export interface CardContent {
  title: string
  subtitle?: string
  /** Shown at the foot with the date, for articles. */
  author?: string
  /** Already formatted for reading, e.g. "March 3, 2026". */
  date?: string
  siteName: string
  /** The site's host name, e.g. "panelwise.dev". */
  host: string
}

type Style = NonNullable<Node['style']>

const box = (style: Style, ...children: (Node | undefined)[]): Node => ({
  type: 'container',
  style,
  children: children.filter((child) => child !== undefined),
})
const text = (words: string, style: Style = {}): Node => ({ type: 'text', text: words, style })

const PALETTE = {
  brand100: '#e0e7ff',
  brand200: '#c7d2fe',
  brand600: '#4f46e5',
  brand700: '#4338ca',
  white: '#ffffff',
}
/** The card's own colour, under the discs and the words. */
const BACKGROUND = PALETTE.brand700
const MARK_PATH = BRAND_MARK_PATH
const MARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${PALETTE.white}"/><path d="${MARK_PATH}" fill="${PALETTE.brand700}"/></svg>`

/** Long titles get a smaller size so three lines fit; text wraps, it does not shrink. */
function titleSize(title: string): number {
  if (title.length <= 28) return 80
  if (title.length <= 48) return 68
  if (title.length <= 80) return 56
  return 46
}

/** `top` at `opacity` over `bottom`, as one solid colour (#rrggbb). */
function blend(top: string, bottom: string, opacity: number): string {
  const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16))
  const under = channels(bottom)
  return `#${channels(top)
    .map((value, index) => Math.round(value * opacity + under[index]! * (1 - opacity)))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`
}

/**
 * A flat disc behind the content, brand600 at `opacity` over the BACKGROUND. Drawn in the
 * blended colour: the discs lie on the plain background (the second over the first is opaque),
 * so the card is the same, and a translucent layer cost Takumi a quarter of each card's time.
 */
const disc = (size: number, right: number, top: number, opacity: number) =>
  box({
    position: 'absolute',
    width: size,
    height: size,
    right,
    top,
    borderRadius: size / 2,
    backgroundColor: blend(PALETTE.brand600, BACKGROUND, opacity),
  })

/** Positioned like the discs, so it paints over them in tree order. */
const layer = (style: Style, ...children: (Node | undefined)[]) =>
  box({ position: 'relative', display: 'flex', ...style }, ...children)

export function cardTemplate({ title, subtitle, author, date, siteName, host }: CardContent): Node {
  const byline = [author, date].filter(Boolean).join(' · ')
  return box(
    {
      boxSizing: 'border-box',
      width: SOCIAL_CARD_SIZE.width,
      height: SOCIAL_CARD_SIZE.height,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 80px',
      color: PALETTE.white,
      fontFamily: 'Inter',
      backgroundColor: BACKGROUND,
    },
    disc(600, -180, -210, 0.55),
    disc(340, -50, -80, 1),
    layer(
      { alignItems: 'center', gap: 20 },
      { type: 'image', src: MARK_SVG, width: 64, height: 64 },
      text(siteName, { fontSize: 40, fontWeight: 800, letterSpacing: '-0.02em' }),
    ),
    layer(
      { flexDirection: 'column', maxWidth: 1000 },
      text(title, {
        fontSize: titleSize(title),
        fontWeight: 800,
        lineHeight: 1.08,
        letterSpacing: '-0.03em',
        lineClamp: 3,
        textOverflow: 'ellipsis',
      }),
      subtitle
        ? text(subtitle, {
            marginTop: 24,
            fontSize: 30,
            fontWeight: 500,
            lineHeight: 1.35,
            color: PALETTE.brand100,
            lineClamp: 2,
            textOverflow: 'ellipsis',
          })
        : undefined,
    ),
    layer(
      {
        justifyContent: 'space-between',
        alignItems: 'center',
        fontSize: 26,
        fontWeight: 500,
        color: PALETTE.brand200,
      },
      text(host),
      byline ? text(byline, { color: PALETTE.white }) : undefined,
    ),
  )
}
