// Folders of files that entries point at by name rather than entries of their own: an SVG
// illustration is drawn, not written. Their names are checked like ids of a collection
// (`reference('illustrations')`), so a missing file is a content error at the field naming it.
import { Parser } from 'htmlparser2'
import { addressProblem } from './address-rules.ts'

/** A problem with an asset file, at its line and column when it has one. */
export interface AssetProblem {
  message: string
  line?: number
  column?: number
}

export interface AssetFolder {
  /** Folder under content/. */
  source: string
  extension: string
  /** What is wrong with the file's text, if anything. */
  check?: (text: string) => AssetProblem | undefined
}

/**
 * The SVG elements a drawing may use: shapes, text, groups and paint servers. Nothing that runs
 * (<script>, event handlers, <set> and <animate>, which can change a link), loads (<image>,
 * <foreignObject>, <style> with its url() and @import) or links anywhere (<a>).
 */
export const DRAWING_ELEMENTS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'rect',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
] as const

const PLAIN_DRAWING =
  'it is inlined into every page that shows it, so it must be plain drawing: shapes, text and groups painted with the classes of CONTENT.md'

/**
 * What makes an SVG unfit to inline into a page, read with a real XML parser (an attribute
 * written `onload ="…"` or `ONLOAD=` is the same attribute to it as to a browser): an element
 * outside DRAWING_ELEMENTS, an on… attribute, a reference to anything outside the drawing (only
 * `#id` and `url(#id)` may point somewhere), a DOCTYPE (entities could write any of those).
 */
export function drawingProblem(text: string): AssetProblem | undefined {
  let problem: AssetProblem | undefined
  const lineStarts = [0]
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1))
    lineStarts.push(index + 1)
  const at = (offset: number) => {
    let line = lineStarts.length
    while (lineStarts[line - 1]! > offset) line--
    return { line, column: offset - lineStarts[line - 1]! + 1 }
  }
  const parser = new Parser(
    {
      onprocessinginstruction(name) {
        if (!problem && name.toLowerCase() === '!doctype')
          problem = {
            message: `remove the <!DOCTYPE …> line: ${PLAIN_DRAWING}`,
            ...at(parser.startIndex),
          }
      },
      // What the optimiser keeps and the page would inline as it is: a CDATA section (markup
      // inside a <title>) and a kept comment ("<!--! …-->"), or any comment holding markup.
      oncdatastart() {
        problem ??= {
          message: `remove the <![CDATA[ … ]]> section and write its words plainly: ${PLAIN_DRAWING}`,
          ...at(parser.startIndex),
        }
      },
      oncomment(data) {
        if (!problem && (data.startsWith('!') || data.includes('<')))
          problem = {
            message: `remove the comment "<!--${data.slice(0, 20)}…": a comment is kept in the page when it starts with "!" or holds markup, and ${PLAIN_DRAWING}`,
            ...at(parser.startIndex),
          }
      },
      onopentag(name, attributes) {
        if (problem) return
        const where = at(parser.startIndex)
        if (!(DRAWING_ELEMENTS as readonly string[]).includes(name)) {
          problem = {
            message: `<${name}> can’t be used in an illustration: ${PLAIN_DRAWING}`,
            ...where,
          }
          return
        }
        for (const [attribute, value] of Object.entries(attributes)) {
          const message = drawingAttributeProblem(name, attribute, value)
          if (message) {
            problem = { message, ...where }
            return
          }
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  )
  parser.end(text)
  return problem
}

function drawingAttributeProblem(element: string, attribute: string, value: string) {
  const name = attribute.toLowerCase()
  if (name.startsWith('on'))
    return `<${element} ${attribute}> would run code on every page that shows the drawing: remove ${attribute}`
  if (name === 'href' || name.endsWith(':href')) {
    const address = addressProblem(value)
    if (address) return `<${element} ${attribute}>: ${address}`
    if (!value.trim().startsWith('#'))
      return `<${element} ${attribute}="${value}"> points outside the drawing: an illustration may only refer to its own parts, as href="#id"`
  }
  for (const [, target] of value.matchAll(/url\(\s*['"]?([^'")\s]*)/gi))
    if (!target?.startsWith('#'))
      return `<${element} ${attribute}> loads "${target}" from outside the drawing: an illustration may only refer to its own parts, as url(#id)`
  return undefined
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
        return {
          message:
            'the <svg> element needs viewBox="0 0 width height", so the page reserves its space before it draws',
        }
      const unfit = drawingProblem(text)
      if (unfit) return unfit
      // Either quote: the optimiser writes both the same way.
      const colour = /\s(fill|stroke|stop-color|style)=(["'])(?!none\2)(?:(?!\2).)*\2/.exec(text)
      if (colour) {
        // At the attribute itself (after its leading space), as the other problems are.
        const before = text.slice(0, colour.index + 1).split('\n')
        return {
          line: before.length,
          column: before.at(-1)!.length + 1,
          message: `paint with the classes listed in CONTENT.md (f-accent, s-line…) instead of ${colour[0].trim()}, so the drawing follows the light and dark themes`,
        }
      }
      return undefined
    },
  },
} satisfies Record<string, AssetFolder>
