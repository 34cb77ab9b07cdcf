// Code blocks are coloured by class, not by style attribute: the site's policy allows no style
// attribute (renderer/inline-sources.ts), and a page that holds one fails the build. Shiki
// colours each token from its theme; this transformer turns each colour and font style into a
// class whose rule is in renderer/styles.css (a unit test holds the two together, colour by
// colour, for every colour the theme can give).
import type { ShikiTransformer } from 'shiki'

/** The theme code is highlighted in (builder/content/mdx-options.ts). */
export const CODE_THEME = 'github-light-high-contrast'

/** The class of a text colour ("#0E1116" → "code-fg-0e1116"). */
export const foregroundClass = (color: string) => `code-fg-${color.slice(1).toLowerCase()}`

/** The class of a background colour. */
export const backgroundClass = (color: string) => `code-bg-${color.slice(1).toLowerCase()}`

/** Shiki's font style bits (FontStyle in @shikijs/types), each with its class. */
export const FONT_STYLE_CLASSES = [
  [1, 'code-italic'],
  [2, 'code-bold'],
  [4, 'code-underline'],
  [8, 'code-line-through'],
] as const

const addClasses = (node: { properties: Record<string, unknown> }, classes: string[]) => {
  const current = node.properties.class
  const list = Array.isArray(current) ? current.map(String) : current ? [String(current)] : []
  node.properties.class = [...list, ...classes].join(' ')
}

export const codeColorTransformer: ShikiTransformer = {
  name: 'code-colors-as-classes',
  // The block's own colours are the theme's editor colours, set by the rule on `.shiki`.
  pre(node) {
    delete node.properties.style
  },
  span(node, _line, _column, _lineElement, token) {
    delete node.properties.style
    // -1 is Shiki's "not set".
    const fontStyle = Math.max(token.fontStyle ?? 0, 0)
    const classes = [
      ...(token.color ? [foregroundClass(token.color)] : []),
      ...(token.bgColor ? [backgroundClass(token.bgColor)] : []),
      ...FONT_STYLE_CLASSES.filter(([bit]) => (fontStyle & bit) !== 0).map(([, name]) => name),
    ]
    if (classes.length) addClasses(node, classes)
  },
}
