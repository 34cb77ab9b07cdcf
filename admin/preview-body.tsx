// An MDX body drawn in the preview pane, as typed, without compiling it: the build compiles MDX
// to JavaScript and runs it, which in the browser would need `eval`. Here the text is parsed as
// the content check parses it (remark with MDX and GitHub tables), and its tree is drawn as React
// elements with the same components the page's body is rendered with (bodyComponentsFor): the
// writer components by name, the anchored headings, tables and pictures. It draws what the
// content check lets through and nothing else (content/schema/body-rules.ts, the one rule set):
// a refused element or `{…}` is drawn as a note saying why, a refused attribute or a writer
// component's unknown prop is left off. What differs from the page: code blocks are not coloured
// (Shiki runs at build time).
import GithubSlugger from 'github-slugger'
import type { Nodes, Parents, Root, RootContent } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { createElement, type ComponentType, type ReactNode } from 'react'
import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import {
  allowedAttribute,
  bodyRuleBreaks,
  isHtmlName,
  isPlainValue,
} from '../content/schema/body-rules.ts'
import { writerComponents } from '../content/schema/writer-component-names.ts'
import type { Heading, MdxComponents } from '../site/content.ts'

const parser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm)

export interface ParsedBody {
  /** The body as the page draws it. */
  Content: ComponentType<{ components?: MdxComponents }>
  /** Its h2 and h3 headings with their anchors, for the table of contents. */
  headings: Heading[]
}

/** A body's text as the preview draws it; a body that does not parse says why. */
export function parseBody(text: string): ParsedBody {
  let tree: Nodes
  try {
    tree = parser.runSync(parser.parse(text)) as Root
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return {
      headings: [],
      Content: () => (
        <div role="alert">
          <p>The body is not valid MDX yet: {reason}</p>
          <pre>{text}</pre>
        </div>
      ),
    }
  }
  // One slugger for the whole body, as rehype-slug numbers repeated headings ("faq", "faq-1").
  const ids = new Map<Nodes, string>()
  const slugger = new GithubSlugger()
  const headings: Heading[] = []
  visitHeadings(tree, (node) => {
    const words = toString(node)
    const id = slugger.slug(words)
    ids.set(node, id)
    if (node.depth === 2 || node.depth === 3) headings.push({ depth: node.depth, text: words, id })
  })
  return {
    headings,
    Content: ({ components = {} }) => <>{draw(tree, { components, ids })}</>,
  }
}

function visitHeadings(node: Nodes, found: (heading: Extract<Nodes, { type: 'heading' }>) => void) {
  if (node.type === 'heading') found(node)
  if ('children' in node) for (const child of node.children) visitHeadings(child, found)
}

interface Drawing {
  components: MdxComponents
  ids: Map<Nodes, string>
}

/** The element for a tag: the body's component of that name, else the HTML element. */
function element(
  name: string,
  { components }: Drawing,
  props: Record<string, unknown>,
  children?: ReactNode,
): ReactNode {
  const component = (components[name] as ComponentType<Record<string, unknown>> | undefined) ?? name
  return createElement(component, props, children)
}

function drawChildren(node: Parents, drawing: Drawing, tight = false): ReactNode[] {
  return node.children.map((child, index) => {
    // A tight list's items hold their text directly, as the page's do.
    if (tight && child.type === 'paragraph')
      return <span key={index}>{drawChildren(child, drawing)}</span>
    return <Keyed key={index}>{draw(child, drawing)}</Keyed>
  })
}

const Keyed = ({ children }: { children: ReactNode }) => children

/** Where the preview draws a refused node: the check's sentence, in place of what it refuses. */
const Refused = ({ message }: { message: string }) => (
  <span role="note" data-refused>
    Not shown: {message}
  </span>
)

function draw(node: Nodes | RootContent, drawing: Drawing): ReactNode {
  const children = () => ('children' in node ? drawChildren(node, drawing) : undefined)
  const breaks = node.type === 'root' ? [] : bodyRuleBreaks(node)
  const refused = breaks.find((broken) => broken.attribute === undefined)
  if (refused)
    // A link whose address is refused still shows its words.
    return node.type === 'link' ? (
      <>
        {children()}
        <Refused message={refused.message} />
      </>
    ) : (
      <Refused message={refused.message} />
    )
  switch (node.type) {
    case 'root':
      return children()
    case 'text':
      return node.value
    case 'paragraph':
      return element('p', drawing, {}, children())
    case 'heading':
      return element(`h${node.depth}`, drawing, { id: drawing.ids.get(node) }, children())
    case 'emphasis':
      return element('em', drawing, {}, children())
    case 'strong':
      return element('strong', drawing, {}, children())
    case 'delete':
      return element('del', drawing, {}, children())
    case 'inlineCode':
      return element('code', drawing, {}, node.value)
    case 'break':
      return element('br', drawing, {})
    case 'thematicBreak':
      return element('hr', drawing, {})
    case 'blockquote':
      return element('blockquote', drawing, {}, children())
    case 'code':
      return element(
        'pre',
        drawing,
        {},
        element(
          'code',
          drawing,
          { className: node.lang ? `language-${node.lang}` : undefined },
          node.value,
        ),
      )
    case 'link':
      return element('a', drawing, { href: node.url, title: node.title ?? undefined }, children())
    case 'image':
      return element('img', drawing, {
        src: node.url,
        alt: node.alt ?? '',
        title: node.title ?? undefined,
      })
    case 'list':
      return element(
        node.ordered ? 'ol' : 'ul',
        drawing,
        node.ordered && node.start !== null && node.start !== 1 ? { start: node.start } : {},
        children(),
      )
    case 'listItem':
      return element('li', drawing, {}, drawChildren(node, drawing, !node.spread))
    case 'table': {
      const [head, ...rows] = node.children
      const cells = (row: typeof head, tag: 'th' | 'td') =>
        row?.children.map((cell, index) =>
          element(
            tag,
            drawing,
            {
              key: index,
              style: node.align?.[index] ? { textAlign: node.align[index] } : undefined,
            },
            drawChildren(cell, drawing),
          ),
        )
      return element('table', drawing, {}, [
        <thead key="head">
          <tr>{cells(head, 'th')}</tr>
        </thead>,
        <tbody key="body">
          {rows.map((row, index) => (
            <tr key={index}>{cells(row, 'td')}</tr>
          ))}
        </tbody>,
      ])
    }
    case 'mdxFlowExpression':
    case 'mdxTextExpression': {
      // A plain value the rules let through, as the page draws it; a comment draws nothing.
      const value = plainValue(node.data?.estree)
      return value === undefined || value === null ? null : String(value)
    }
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement': {
      const name = node.name ?? ''
      const html = isHtmlName(name)
      const component = Object.hasOwn(writerComponents, name)
        ? writerComponents[name as keyof typeof writerComponents]
        : undefined
      if (!html && !component) return <Refused message={`there is no writer component <${name}>`} />
      const refusedAttributes = new Set(breaks.map((broken) => broken.attribute))
      const props: Record<string, unknown> = {}
      for (const attribute of node.attributes) {
        if (attribute.type !== 'mdxJsxAttribute' || refusedAttributes.has(attribute.name)) continue
        const allowed = component
          ? Object.hasOwn(component.props, attribute.name)
          : allowedAttribute(name, attribute.name)
        if (!allowed) continue
        const { value } = attribute
        if (value === null || value === undefined) props[attribute.name] = true
        else if (typeof value === 'string') props[attribute.name] = value
      }
      // An HTML tag written in the text is the page's as written, not a body component's.
      const inside = node.children.length ? children() : undefined
      const drawn = html
        ? createElement(name, props, inside)
        : element(name, drawing, props, inside)
      if (!refusedAttributes.size) return drawn
      // The attributes left off, said after the element.
      return (
        <>
          {drawn}
          {breaks.map((broken, index) => (
            <Refused key={index} message={broken.message} />
          ))}
        </>
      )
    }
    default:
      // Footnotes and anything else the site's bodies do not use.
      return null
  }
}

/** The value of a `{…}` that isPlainValue lets through: a string, number, true, false or null. */
function plainValue(estree: unknown): unknown {
  if (!isPlainValue(estree)) return undefined
  const [statement] = (estree as { body: { expression?: { value?: unknown } }[] }).body
  return statement?.expression?.value
}
