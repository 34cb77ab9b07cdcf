// Folders of files that entries point at by name rather than entries of their own: an SVG
// illustration is drawn, not written. Their names are checked like ids of a collection
// (`reference('illustrations')`), so a missing file is a content error at the field naming it.
export interface AssetFolder {
  /** Folder under content/. */
  source: string
  extension: string
  /** What is wrong with the file's text, if anything. */
  check?: (text: string) => string | undefined
}

/** The `viewBox="0 0 W H"` of an SVG's root element, or undefined. */
export function svgViewBox(text: string): { width: number; height: number } | undefined {
  const root = /<svg\b[^>]*>/.exec(text)?.[0]
  const match = root && /\bviewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(root)
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined
}

export const assetFolders = {
  /** SVG drawings for heroes, inlined into the page (components/ui/Illustration.tsx). */
  illustrations: {
    source: 'illustrations',
    extension: '.svg',
    check: (text) => {
      if (!svgViewBox(text))
        return 'the <svg> element needs viewBox="0 0 width height", so the page reserves its space before it draws'
      if (/<(script|foreignObject|image)\b|\son\w+=/i.test(text))
        return 'an illustration must be plain drawing: no <script>, <image>, <foreignObject> or on… handlers (it is inlined into every page that shows it)'
      const colour = /\s(fill|stroke|stop-color|style)="(?!none")[^"]*"/.exec(text)
      if (colour)
        return `paint with the classes listed in CONTENT.md (f-accent, s-line…) instead of ${colour[0].trim()}, so the drawing follows the light and dark themes`
      return undefined
    },
  },
} satisfies Record<string, AssetFolder>
