// Where each page's social card is served: one PNG per route, named after the route's path, so
// the document head (components/layout/Head.tsx) and the build step that draws the cards
// (builder/outputs/social-card/) agree without passing anything between them.
export const SOCIAL_CARD_DIR = '/social-cards'

/** The card of the page at `pagePath`: "/" → /social-cards/index.png, "/a/b" → /social-cards/a/b.png. */
export function socialCardPath(pagePath: string): string {
  const trimmed = pagePath.replace(/^\/+|\/+$/g, '')
  if (!/^[a-z0-9-]*(\/[a-z0-9-]+)*$/.test(trimmed))
    throw new Error(`socialCardPath: "${pagePath}" is not a page path like "/" or "/a/b"`)
  return `${SOCIAL_CARD_DIR}/${trimmed || 'index'}.png`
}
