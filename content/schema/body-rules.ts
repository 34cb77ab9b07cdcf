// What the text of a page (an MDX body) may hold, so content stays data: the writer components
// (./writer-component-names.ts), the HTML elements and attributes listed here, addresses that
// open a page rather than run something, and `{…}` only around a plain value. One rule set for
// every place a body is read: the content check (builder/content/mdx-body.ts, which serves
// `npm run check:content`, the build, the dev server and the editor's in-page check), the MDX
// compiler's guard (builder/content/mdx-options.ts) and the editor's preview pane
// (admin/preview-body.tsx), which draws what these rules allow and nothing else. The writers'
// reference lists the elements (builder/content/content-reference.ts). Addresses in YAML fields
// are held to the same address rule (./address-rules.ts, which ./fields.ts `safeAddress` applies).
import type { Nodes } from 'mdast'
import type { MdxJsxAttribute, MdxJsxExpressionAttribute } from 'mdast-util-mdx-jsx'
import { addressProblem, own } from './address-rules.ts'
import { writerComponents } from './writer-component-names.ts'

/** Attributes any allowed HTML element may carry. */
export const COMMON_ATTRIBUTES = ['title', 'lang', 'dir'] as const

/**
 * The HTML elements a body may write, each with the attributes it may carry beyond
 * COMMON_ATTRIBUTES. Markdown makes most of them itself; these are for what it has no syntax for
 * (an abbreviation, a keyboard key, a definition list, a collapsible answer). No <img>: a picture
 * is `![alt](./images/file.png)` or <Figure>, which the build makes responsive.
 */
export const HTML_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  a: ['href'],
  abbr: [],
  b: [],
  blockquote: ['cite'],
  br: [],
  cite: [],
  code: [],
  dd: [],
  del: ['dateTime'],
  details: ['open'],
  dfn: [],
  div: [],
  dl: [],
  dt: [],
  em: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  hr: [],
  i: [],
  ins: ['dateTime'],
  kbd: [],
  li: [],
  mark: [],
  ol: ['start', 'reversed'],
  p: [],
  pre: [],
  q: ['cite'],
  s: [],
  samp: [],
  small: [],
  span: [],
  strong: [],
  sub: [],
  summary: [],
  sup: [],
  table: [],
  tbody: [],
  td: ['colSpan', 'rowSpan'],
  tfoot: [],
  th: ['colSpan', 'rowSpan', 'scope'],
  thead: [],
  time: ['dateTime'],
  tr: [],
  u: [],
  ul: [],
  var: [],
  wbr: [],
}

/** Attributes whose value is an address (lowercase): held to addressProblem. */
const ADDRESS_ATTRIBUTES = new Set([
  'href',
  'src',
  'cite',
  'action',
  'formaction',
  'poster',
  'background',
  'data',
  'codebase',
  'srcset',
  'xlink:href',
  'ping',
  'longdesc',
  'usemap',
  'manifest',
])

/** Elements refused with their own sentence, for what a writer may have meant. */
export const REFUSED_ELEMENTS: Readonly<Record<string, string>> = {
  script: 'Scripts can’t be used in the text of a page: remove the <script> tag.',
  style:
    'Styles can’t be written in the text: the site gives every page its look; remove the <style> tag.',
  meta: 'The page’s <meta> tags are written by the site, not in the text: remove the <meta> tag (the title and description are fields above the text).',
  base: 'A <base> tag would change where every link of the page goes: remove it.',
  link: 'A <link> tag can’t be used in the text: remove it; to link to a page, write [the words](address).',
  svg: 'Drawings can’t be written into the text: remove the <svg> tag and show a picture with ![what it shows](./images/file.png).',
  math: 'Formulas can’t be written with <math> in the text: remove the <math> tag and write the formula in words, or show it as a picture.',
  iframe:
    'Other pages can’t be embedded in the text: remove the <iframe> tag and link to the page with [the words](https://…).',
  frame:
    'Other pages can’t be embedded in the text: remove the <frame> tag and link to the page with [the words](https://…).',
  object:
    'Plugins and embedded files can’t be used in the text: remove the <object> tag and link to the file instead.',
  embed:
    'Plugins and embedded files can’t be used in the text: remove the <embed> tag and link to the file instead.',
  form: 'Forms can’t be written into the text: remove the <form> tag; the site’s own forms (contact, booking) come with its pages and with <BookingCta>.',
}

/** Attributes refused on any element, with why. */
const REFUSED_ATTRIBUTES: Readonly<Record<string, string>> = {
  dangerouslysetinnerhtml: 'would put raw HTML, scripts included, into the page',
  srcdoc: 'would put a whole page, scripts included, into this one',
  formaction: 'would send a form to another address',
}

/** A rule a body breaks, where it breaks it. */
export interface RuleBreak {
  message: string
  /** Where it is, when it is not where its node starts (an attribute). */
  position?: { line: number; column: number }
  /**
   * The attribute the break is about, when only that attribute breaks a rule: the preview drops
   * the attribute and keeps the element. Otherwise the whole node is refused.
   */
  attribute?: string
}

type JsxAttribute = MdxJsxAttribute | MdxJsxExpressionAttribute

/** The estree of a `{…}` (remark-mdx parses each one with acorn and keeps the tree). */
interface Program {
  body: { type: string; expression?: { type: string; value?: unknown; regex?: unknown } }[]
}

/**
 * Whether a `{…}` holds a plain value and nothing that runs: a comment, or one string, number,
 * true, false or null. Anything else would run as JavaScript when the page is built.
 */
export function isPlainValue(estree: unknown): boolean {
  const program = estree as Program | undefined
  if (!program || !Array.isArray(program.body)) return false
  if (program.body.length === 0) return true
  if (program.body.length !== 1) return false
  const [statement] = program.body
  const expression = statement?.type === 'ExpressionStatement' ? statement.expression : undefined
  return (
    expression?.type === 'Literal' &&
    expression.regex === undefined &&
    (expression.value === null || ['string', 'number', 'boolean'].includes(typeof expression.value))
  )
}

export const CODE_MESSAGE =
  '{…} holds code, and code in the text would run when the site is built: remove the braces and write plain words'

const positionOf = (node: { position?: { start: { line: number; column: number } } }) =>
  node.position ? { line: node.position.start.line, column: node.position.start.column } : undefined

/**
 * The rules `node` breaks itself (not its children). A writer component's own props (which it
 * has, which are required) are the content check's to say (builder/content/mdx-body.ts).
 */
export function bodyRuleBreaks(node: Nodes): RuleBreak[] {
  switch (node.type) {
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return isPlainValue(node.data?.estree) ? [] : [{ message: CODE_MESSAGE }]
    case 'mdxjsEsm':
      return [
        { message: 'imports and exports are not needed: the writer components work as they are' },
      ]
    case 'link':
    case 'image':
    case 'definition': {
      const problem = addressProblem(node.url)
      return problem ? [{ message: problem }] : []
    }
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return elementRuleBreaks(node.name ?? '', node.attributes)
    default:
      return []
  }
}

/** Whether a tag name is an HTML element's (lowercase) rather than a component's. */
export const isHtmlName = (name: string) => /^[a-z]/.test(name)

function elementRuleBreaks(name: string, attributes: readonly JsxAttribute[]): RuleBreak[] {
  const refused = Object.hasOwn(writerComponents, name)
    ? undefined
    : own(REFUSED_ELEMENTS, name.toLowerCase())
  if (refused) return [{ message: refused }]
  const html = isHtmlName(name)
  if (html && !Object.hasOwn(HTML_ELEMENTS, name))
    return [
      {
        message: `<${name}> is not one of the HTML tags the text may use: write Markdown, or one of the tags and writer components listed in docs/content-reference.md`,
      },
    ]
  const breaks: RuleBreak[] = []
  for (const attribute of attributes) {
    const position = positionOf(attribute)
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      breaks.push({
        position,
        message: `<${name} {…}> holds code, and code in the text would run when the site is built: write each attribute as name="value"`,
      })
      continue
    }
    const attributeName = attribute.name
    const key = attributeName.toLowerCase().replace(/\s/g, '')
    const at = (message: string): RuleBreak => ({ position, attribute: attributeName, message })
    if (key.startsWith('on')) {
      breaks.push(
        at(
          `<${name} ${attributeName}> would run code when something happens on the page, which content can’t do: remove ${attributeName}.`,
        ),
      )
      continue
    }
    const why = own(REFUSED_ATTRIBUTES, key)
    if (why) {
      breaks.push(at(`<${name} ${attributeName}> ${why}: remove ${attributeName}.`))
      continue
    }
    const { value } = attribute
    if (value !== null && value !== undefined && typeof value !== 'string') {
      breaks.push(
        at(
          isPlainValue(value.data?.estree)
            ? `<${name} ${attributeName}>: write the value in quotes, ${attributeName}="…"`
            : `<${name} ${attributeName}={…}> holds code, and code in the text would run when the site is built: write the value in quotes, ${attributeName}="…"`,
        ),
      )
      continue
    }
    if (html && !allowedAttribute(name, attributeName)) {
      const allowed = [...(own(HTML_ELEMENTS, name) ?? []), ...COMMON_ATTRIBUTES]
      breaks.push(
        at(
          ['class', 'classname', 'style'].includes(key)
            ? `<${name} ${attributeName}>: a body’s look comes from the site, not from ${key === 'style' ? 'styles' : 'classes'}; ${WRITERS_CAN_USE}`
            : `<${name} ${attributeName}> can’t be used in the text: an <${name}> may have ${allowed.join(', ')}`,
        ),
      )
      continue
    }
    if (typeof value === 'string' && ADDRESS_ATTRIBUTES.has(key)) {
      const problem = addressProblem(value)
      if (problem) breaks.push(at(`<${name} ${attributeName}>: ${problem}`))
    }
  }
  return breaks
}

/** The writer components, as the check's messages list them. */
export const WRITERS_CAN_USE = `writers can use: ${Object.keys(writerComponents)
  .map((known) => `<${known}>`)
  .join(', ')}`

/** Whether an allowed HTML element may carry this attribute (as React names it). */
export function allowedAttribute(element: string, attribute: string): boolean {
  return (
    (COMMON_ATTRIBUTES as readonly string[]).includes(attribute) ||
    (own(HTML_ELEMENTS, element)?.includes(attribute) ?? false)
  )
}
