// What a visitor (and a search engine) reads on one built page, pulled out of its HTML: the
// title, the description, the text of the main content, header and footer, and the JSON-LD.
// Markup, class names and asset addresses are left behind, so two builds that differ only in
// hashed file names or attributes give the same PageText.
import { DomUtils, parseDocument } from 'htmlparser2'

type Document = ReturnType<typeof parseDocument>
type Node = Document | Document['children'][number]
type Element = NonNullable<ReturnType<typeof DomUtils.findOne>>

export interface PageText {
  title: string
  description: string
  /** The page's own copy: the text inside <main>, one line per block. */
  main: string
  /**
   * The site header (logo, navigation menus), each line once: the desktop menu and the phone
   * menu carry the same links, and a renamed link should show up once, not twice.
   */
  header: string
  footer: string
  /** Every `application/ld+json` block, parsed. */
  structuredData: unknown[]
}

/** Text inside these is not read as words (code, drawings, fallbacks for no JavaScript). */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'svg', 'head'])

/** Elements that start a new line of text, so a diff can tell a heading from its paragraph. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'label',
  'legend',
  'li',
  'main',
  'nav',
  'ol',
  'option',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
])

/** The text of a subtree, one line per block element, whitespace collapsed within lines. */
export function visibleText(root: Node | undefined): string {
  if (!root) return ''
  const lines: string[] = []
  let line = ''
  const breakLine = () => {
    const text = line.replace(/\s+/g, ' ').trim()
    if (text) lines.push(text)
    line = ''
  }
  const walk = (node: Node) => {
    if (DomUtils.isText(node)) {
      line += node.data
      return
    }
    if (!DomUtils.isTag(node)) {
      if (DomUtils.hasChildren(node)) walkChildren(node.children)
      return
    }
    if (SKIPPED.has(node.name)) return
    const block = BLOCKS.has(node.name)
    if (block) breakLine()
    walkChildren(node.children)
    if (block) breakLine()
  }
  // Two elements side by side with no text between them are laid out apart (a price and its
  // unit in a flex row): a space keeps their words from running together ("$250per").
  const walkChildren = (children: Node[]) => {
    let previous: Node | undefined
    for (const child of children) {
      if (previous && DomUtils.isTag(previous) && DomUtils.isTag(child) && /\S$/.test(line))
        line += ' '
      walk(child)
      if (DomUtils.isTag(child) || DomUtils.isText(child)) previous = child
    }
  }
  walk(root)
  breakLine()
  return lines.join('\n')
}

/** The page-level header or footer: the first one not nested in <main> or an article. */
function landmark(document: Document, name: 'header' | 'footer'): Element | undefined {
  const found = DomUtils.findOne(
    (element) =>
      element.name === name &&
      !hasAncestor(element, (parent) => ['main', 'article', 'section'].includes(parent.name)),
    document.children,
  )
  return found ?? undefined
}

function hasAncestor(node: Node, test: (element: Element) => boolean): boolean {
  for (let parent = node.parent; parent; parent = parent.parent)
    if (DomUtils.isTag(parent) && test(parent)) return true
  return false
}

export function readPageText(html: string): PageText {
  const document = parseDocument(html)
  const all = document.children
  const byName = (name: string) => DomUtils.findOne((element) => element.name === name, all)
  const description = DomUtils.findOne(
    (element) => element.name === 'meta' && element.attribs.name === 'description',
    all,
  )
  const structuredData = DomUtils.findAll(
    (element) => element.name === 'script' && element.attribs.type === 'application/ld+json',
    all,
  ).map((script, index) => {
    const source = DomUtils.textContent(script)
    try {
      return JSON.parse(source) as unknown
    } catch (error) {
      throw new Error(`JSON-LD block ${index + 1} is not valid JSON: ${(error as Error).message}`)
    }
  })
  return {
    title: DomUtils.textContent(byName('title') ?? []).trim(),
    description: description?.attribs.content?.trim() ?? '',
    main: visibleText(byName('main') ?? undefined),
    header: [...new Set(visibleText(landmark(document, 'header')).split('\n'))].join('\n'),
    footer: visibleText(landmark(document, 'footer')),
    structuredData,
  }
}
