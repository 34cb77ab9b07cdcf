// Reads an MDX body once for everything the build needs to know about it: its headings (for the
// table of contents, with the ids the compiler gives them), its length (reading time), and every
// writer mistake in it, each at its line and column: a syntax error, an unknown component or
// prop, an image without alt text or file. Links are returned so the loader can check them
// against the route table once every entry is known.
import type { Root, RootContent } from 'mdast'
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx'
import { toString } from 'mdast-util-to-string'
import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import { headingSlugger } from './heading-ids.ts'
import { closest } from './messages.ts'
import type { Position } from './position.ts'
import { bodyRuleBreaks, WRITERS_CAN_USE } from '../../content/schema/body-rules.ts'
import {
  writerComponents,
  type WriterComponent,
} from '../../content/schema/writer-component-names.ts'

export interface Heading {
  depth: number
  text: string
  /** The id the compiler gives the heading (./heading-ids.ts): its anchor. */
  id: string
}

export interface BodyFacts {
  headings: Heading[]
  words: number
  /** Site-internal links ("/process#faq"), to check against the routes. */
  links: { url: string; position: Position }[]
  /** Pictures the body shows, as written ("./images/x.png"). */
  images: { src: string; position: Position }[]
}

export interface BodyProblem {
  position: Position
  message: string
}

export interface BodyAnalysis {
  facts: BodyFacts
  problems: BodyProblem[]
}

const parser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm)
const noFacts = (): BodyFacts => ({ headings: [], words: 0, links: [], images: [] })
const components: Record<string, WriterComponent> = writerComponents

/**
 * `firstLine`: the file line the body starts on, so positions point into the whole file;
 * `pageIds`: the ids the page itself uses, which headings leave to it (./page-ids.ts).
 */
export function analyseBody(
  body: string,
  firstLine: number,
  pageIds: Iterable<string> = [],
): BodyAnalysis {
  let tree: Root
  try {
    // Blank lines in place of the frontmatter: every position, even inside the parser's own
    // messages, is then a line of the whole file.
    tree = parser.parse('\n'.repeat(firstLine - 1) + body)
  } catch (error) {
    const { place, reason } = error as {
      place?: { line?: number; column?: number; start?: { line: number; column: number } }
      reason?: string
    }
    const start = place && 'start' in place && place.start ? place.start : place
    const line = start?.line || firstLine
    const column = start?.line ? (start.column ?? 1) : 1
    return {
      facts: noFacts(),
      problems: [{ position: { line, column }, message: `MDX: ${reason ?? String(error)}` }],
    }
  }
  return analyseTree(tree, firstLine, pageIds)
}

/**
 * The same, of a tree already parsed from the whole file (frontmatter included, as the MDX
 * compiler parses it: ./mdx-compiler.ts), whose positions are the file's own.
 */
export function analyseTree(
  tree: Root,
  firstLine: number,
  pageIds: Iterable<string> = [],
): BodyAnalysis {
  const at = (point: { line: number; column: number } | undefined): Position => ({
    line: point?.line ?? firstLine,
    column: point?.column ?? 1,
  })
  const facts = noFacts()
  const problems: BodyProblem[] = []
  const slugger = headingSlugger(pageIds)
  visit(tree, (node: RootContent | Root, _index, parent) => {
    const position = at(node.position?.start)
    // What a body may hold at all (content/schema/body-rules.ts): a node refused as a whole is
    // reported once, and nothing inside it is read.
    const breaks = node.type === 'root' ? [] : bodyRuleBreaks(node)
    for (const broken of breaks)
      problems.push({ position: broken.position ?? position, message: broken.message })
    if (breaks.some((broken) => broken.attribute === undefined)) return 'skip'
    const brokenAttributes = new Set(breaks.map((broken) => broken.attribute))
    switch (node.type) {
      case 'heading': {
        const text = toString(node)
        facts.headings.push({ depth: node.depth, text, id: slugger.slug(text) })
        if (node.depth === 1)
          problems.push({
            position,
            message: 'use "##" headings in the body: the title is the page’s only "#" heading',
          })
        break
      }
      case 'code':
        return 'skip'
      case 'text':
        facts.words += node.value.split(/\s+/).filter(Boolean).length
        break
      case 'link':
      case 'definition':
        if (node.url.startsWith('/')) facts.links.push({ url: node.url, position })
        break
      case 'image':
        if (!node.alt?.trim())
          problems.push({
            position,
            message: 'this image has no alt text: write what it shows inside ![…](…)',
          })
        facts.images.push({ src: node.url, position })
        break
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        problems.push(...checkComponent(node, parent, position, facts, brokenAttributes))
        break
    }
    return undefined
  })
  return { facts, problems }
}

function checkComponent(
  node: MdxJsxFlowElement | MdxJsxTextElement,
  parent: unknown,
  position: Position,
  facts: BodyFacts,
  /** Attributes content/schema/body-rules.ts has reported already. */
  reported: ReadonlySet<string | undefined>,
): BodyProblem[] {
  const name = node.name ?? ''
  const names = Object.keys(components)
  const positionOf = (attribute: MdxJsxFlowElement['attributes'][number]): Position =>
    attribute.position
      ? { line: attribute.position.start.line, column: attribute.position.start.column }
      : position
  // Plain HTML tags (lowercase) are Markdown's own, held to the allow-list of body-rules.ts;
  // components start with a capital letter. A site link written as <a href> is checked like [](…).
  if (/^[a-z]/.test(name)) {
    for (const attribute of node.attributes)
      if (
        attribute.type === 'mdxJsxAttribute' &&
        attribute.name === 'href' &&
        typeof attribute.value === 'string' &&
        attribute.value.startsWith('/') &&
        !reported.has(attribute.name)
      )
        facts.links.push({ url: attribute.value, position: positionOf(attribute) })
    return []
  }
  const component = Object.hasOwn(components, name) ? components[name] : undefined
  if (!component) {
    const suggestion = closest(name, names)
    return [
      {
        position,
        message: `unknown component <${name}>${suggestion ? `; did you mean <${suggestion}>?` : ''}; ${WRITERS_CAN_USE}`,
      },
    ]
  }
  const problems: BodyProblem[] = []
  const parentName = (parent as { name?: string } | undefined)?.name
  if (component.inside && parentName !== component.inside)
    problems.push({ position, message: `<${name}> goes inside <${component.inside}>` })
  if (!component.children && node.children.length)
    problems.push({ position, message: `<${name}> takes no content: write it as <${name} … />` })
  const given = new Set<string>()
  for (const attribute of node.attributes) {
    const attributePosition = positionOf(attribute)
    // `{...props}` and the props body-rules.ts refused are reported already.
    if (attribute.type !== 'mdxJsxAttribute') continue
    given.add(attribute.name)
    if (reported.has(attribute.name)) continue
    problems.push(...checkProp(name, component, attribute, attributePosition, facts))
  }
  for (const [prop, rule] of Object.entries(component.props))
    if ('required' in rule && rule.required && !given.has(prop))
      problems.push({ position, message: `<${name}> needs ${prop}="…": ${rule.description}` })
  return problems
}

function checkProp(
  name: string,
  component: WriterComponent,
  attribute: MdxJsxAttribute,
  position: Position,
  facts: BodyFacts,
): BodyProblem[] {
  const rule = Object.hasOwn(component.props, attribute.name)
    ? component.props[attribute.name]
    : undefined
  if (!rule) {
    const known = Object.keys(component.props)
    const suggestion = closest(attribute.name, known)
    return [
      {
        position,
        message: `<${name}> has no prop "${attribute.name}"${suggestion ? `; did you mean "${suggestion}"?` : ''}; its props: ${known.join(', ')}`,
      },
    ]
  }
  if (typeof attribute.value !== 'string')
    return [
      {
        position,
        message: `<${name} ${attribute.name}>: write the value in quotes, ${attribute.name}="…"`,
      },
    ]
  if (!attribute.value.trim())
    return [{ position, message: `<${name} ${attribute.name}> is empty: ${rule.description}` }]
  if (rule.values && !rule.values.includes(attribute.value))
    return [
      {
        position,
        message: `<${name} ${attribute.name}> must be one of ${rule.values.map((value) => `"${value}"`).join(', ')}`,
      },
    ]
  if (rule.image) facts.images.push({ src: attribute.value, position })
  return []
}
