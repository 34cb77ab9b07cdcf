// Reads one content file (YAML, or MDX/Markdown with YAML frontmatter) into plain data plus a
// locator that turns a field path back into the line and column a writer would edit.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Node } from 'yaml'
import { splitFrontmatter } from './frontmatter.ts'
import { explainYamlError } from './yaml-messages.ts'
import { bodyPlaceholders, PLACEHOLDER_MARKER, type Placeholder } from './placeholders.ts'
import type { FieldPath, Position } from './position.ts'

export type { FieldPath, Position }

export interface SourceFile {
  /** Path relative to the project root, with forward slashes (what a writer sees in a PR). */
  file: string
  data: unknown
  /** The MDX/Markdown body without frontmatter; undefined for YAML files. */
  body?: string
  /** The file line the body starts on. */
  bodyLine?: number
  /** Line and column of the key (or list item) at `path`, or of its nearest existing parent. */
  locate(path: FieldPath): Position
  syntaxErrors: { position: Position; message: string }[]
  /** Every "TODO: …" left by `npm run new`, at the exact line and column of the marker. */
  placeholders: Placeholder[]
}

export const DATA_EXTENSIONS = ['.yaml', '.yml'] as const
export const DOCUMENT_EXTENSIONS = ['.mdx', '.md'] as const

export function readSource(file: string, text: string): SourceFile {
  const isDocument = DOCUMENT_EXTENSIONS.some((ext) => file.endsWith(ext))
  if (!isDocument) return readYaml(file, text, 0)

  // Positions in the frontmatter are relative to the line after the opening ---. Its YAML is
  // parsed by ./readYaml, which reports a syntax error where it is instead of throwing.
  const parsed = splitFrontmatter(text)
  const hasFrontmatter = /^---\r?\n/.test(text)
  const source = readYaml(file, hasFrontmatter ? parsed.matter.replace(/^\r?\n/, '') : '', 1)
  // The body is the text after the closing fence, so it ends the file.
  const bodyFirstLine = text.slice(0, text.length - parsed.content.length).split('\n').length
  return {
    ...source,
    body: parsed.content,
    bodyLine: hasFrontmatter ? bodyFirstLine : 1,
    placeholders: [
      ...source.placeholders,
      ...bodyPlaceholders(parsed.content, hasFrontmatter ? bodyFirstLine : 1),
    ],
  }
}

function readYaml(file: string, text: string, lineOffset: number): SourceFile {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true })
  const toPosition = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset)
    return { line: line + lineOffset, column: col }
  }
  // The first mistake only: the parser reads what follows it as something else (an unclosed
  // quote swallows the next lines), so its later errors are mostly echoes of the first.
  const syntaxErrors = doc.errors.slice(0, 1).map((error) => {
    const { offset, message } = explainYamlError(error.code, error.message, error.pos[0], text)
    return { position: toPosition(offset), message }
  })

  const locate = (path: FieldPath): Position => {
    let node: unknown = doc.contents
    let offset = nodeStart(doc.contents) ?? 0
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isPair(item) && keyOf(item.key) === String(segment))
        if (!pair) break
        offset = nodeStart(pair.key as Node) ?? offset
        node = pair.value
      } else if (isSeq(node) && typeof segment === 'number' && node.items[segment]) {
        offset = nodeStart(node.items[segment] as Node) ?? offset
        node = node.items[segment]
      } else break
    }
    return toPosition(offset)
  }

  const placeholders: Placeholder[] = []
  visit(doc, {
    Scalar(_key, node, ancestors) {
      if (typeof node.value !== 'string' || !node.value.includes(PLACEHOLDER_MARKER)) return
      const fieldPath = pathOf(node, ancestors)
      if (!fieldPath) return // a key, not a value
      const [start, end] = node.range ?? [0, 0]
      const at = text.slice(start, end).indexOf(PLACEHOLDER_MARKER)
      placeholders.push({
        fieldPath,
        position: toPosition(start + Math.max(at, 0)),
      })
    },
  })

  return {
    file,
    data: syntaxErrors.length ? undefined : (doc.toJS() ?? {}),
    locate,
    syntaxErrors,
    placeholders,
  }
}

/** The field path of a value scalar from its ancestors, or undefined when it is a key. */
function pathOf(node: Node, ancestors: readonly unknown[]): PropertyKey[] | undefined {
  const path: PropertyKey[] = []
  let child: unknown = node
  for (let index = ancestors.length - 1; index >= 0; index--) {
    const parent = ancestors[index]
    if (isPair(parent)) {
      if (parent.key === child) return undefined
      const key = keyOf(parent.key)
      if (key === undefined) return undefined
      path.unshift(key)
    } else if (isSeq(parent)) {
      path.unshift(parent.items.indexOf(child as Node))
    }
    child = parent
  }
  return path
}

function keyOf(key: unknown): string | undefined {
  return isScalar(key) ? String(key.value) : undefined
}

function nodeStart(node: Node | null | undefined): number | undefined {
  return node && 'range' in node && node.range ? node.range[0] : undefined
}
