// The social card's layout, for satori (a subset of CSS flexbox; every element with more than
// one child needs `display: flex`). Written as plain element objects, not JSX: the build loads
// this file in Vite's config process, where importing React would load it before Vike's
// prerender picks its production build, and the two would clash.
// Colours are the palette of renderer/styles.css; the mark is the logo of
// components/layout/Logo.tsx. Change TEMPLATE_VERSION with any change here, so cached cards are
// drawn again.
import { SOCIAL_CARD_SIZE } from '../../../renderer/brand.ts'

export const TEMPLATE_VERSION = 1

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

/** The element shape satori reads (what JSX would make, without React). */
export interface CardElement {
  type: string
  props: { style?: Record<string, string | number>; children?: CardNode | CardNode[] } & Record<
    string,
    unknown
  >
}
type CardNode = CardElement | string

const el = (
  type: string,
  props: CardElement['props'],
  ...children: (CardNode | undefined)[]
): CardElement => ({
  type,
  props: { ...props, children: children.filter((child) => child !== undefined) },
})

const PALETTE = {
  brand100: '#e0e7ff',
  brand200: '#c7d2fe',
  brand600: '#4f46e5',
  brand700: '#4338ca',
  brand900: '#312e81',
  white: '#ffffff',
}
const MARK_PATH = 'M9 11h9a5 5 0 0 1 0 10h-4v4H9zm5 4v2h4a1 1 0 0 0 0-2z'

/** Long titles get a smaller size so three lines fit; satori wraps, it does not shrink. */
function titleSize(title: string): number {
  if (title.length <= 28) return 80
  if (title.length <= 48) return 68
  if (title.length <= 80) return 56
  return 46
}

/** A flat disc behind the content; flat shapes, as satori draws CSS gradients as patterns that
 * take resvg several times longer to rasterise. */
const disc = (size: number, right: number, top: number, opacity: number) =>
  el('div', {
    style: {
      position: 'absolute',
      width: size,
      height: size,
      right,
      top,
      borderRadius: size / 2,
      backgroundColor: PALETTE.brand600,
      opacity,
    },
  })

export function cardTemplate({
  title,
  subtitle,
  author,
  date,
  siteName,
  host,
}: CardContent): CardElement {
  const byline = [author, date].filter(Boolean).join(' · ')
  return el(
    'div',
    {
      style: {
        // Satori adds padding to a set size unless told otherwise.
        boxSizing: 'border-box',
        width: SOCIAL_CARD_SIZE.width,
        height: SOCIAL_CARD_SIZE.height,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '64px 80px',
        color: PALETTE.white,
        fontFamily: 'Inter',
        backgroundColor: PALETTE.brand700,
      },
    },
    disc(600, -180, -210, 0.55),
    disc(340, -50, -80, 1),
    el(
      'div',
      // Positioned like the discs, so they paint over them in tree order.
      { style: { position: 'relative', display: 'flex', alignItems: 'center', gap: 20 } },
      el(
        'svg',
        { width: 64, height: 64, viewBox: '0 0 32 32' },
        el('rect', { width: 32, height: 32, rx: 8, fill: PALETTE.white }),
        el('path', { d: MARK_PATH, fill: PALETTE.brand700 }),
      ),
      el('div', { style: { fontSize: 40, fontWeight: 800, letterSpacing: '-0.02em' } }, siteName),
    ),
    el(
      'div',
      { style: { position: 'relative', display: 'flex', flexDirection: 'column', maxWidth: 1000 } },
      el(
        'div',
        {
          style: {
            fontSize: titleSize(title),
            fontWeight: 800,
            lineHeight: 1.08,
            letterSpacing: '-0.03em',
            lineClamp: 3,
          },
        },
        title,
      ),
      subtitle
        ? el(
            'div',
            {
              style: {
                marginTop: 24,
                fontSize: 30,
                fontWeight: 500,
                lineHeight: 1.35,
                color: PALETTE.brand100,
                lineClamp: 2,
              },
            },
            subtitle,
          )
        : undefined,
    ),
    el(
      'div',
      {
        style: {
          position: 'relative',
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          fontSize: 26,
          fontWeight: 500,
          color: PALETTE.brand200,
        },
      },
      el('div', {}, host),
      byline ? el('div', { style: { color: PALETTE.white } }, byline) : undefined,
    ),
  )
}
