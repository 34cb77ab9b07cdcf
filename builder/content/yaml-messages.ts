// The YAML parser's errors, for a writer: the common mistakes (an unclosed [ or quote, a tab, a
// missing space after ':', a line indented wrong, a ': ' inside a value) in one plain sentence,
// placed on the line where the mistake is rather than where the parser noticed it (often the
// next line). Anything else keeps the parser's own first sentence.

export interface YamlProblem {
  /** Offset in the text of where the writer should look. */
  offset: number
  message: string
}

/** The parser's error (`code`, `message`, at `offset` of `text`), explained. */
export function explainYamlError(
  code: string,
  message: string,
  offset: number,
  text: string,
): YamlProblem {
  const lines = linesOf(text)
  const at = lineAt(lines, offset)
  const line = lines[at]!
  if (code === 'DUPLICATE_KEY')
    return { offset, message: 'this field appears twice in the same block; keep one' }
  if (code === 'TAB_AS_INDENT') {
    const tab = line.text.indexOf('\t')
    return {
      offset: line.start + Math.max(tab, 0),
      message: 'this line is indented with a tab; indent with spaces instead',
    }
  }
  if (code === 'MISSING_CHAR' && /closing ["']quote/.test(message)) {
    const quote = message.includes('"quote') ? '"' : "'"
    const opened = lastUnclosed(lines, at, quote)
    if (opened)
      return {
        offset: opened.offset,
        message: `the text starting with ${quote} here is never closed; end it with ${quote} on the same line`,
      }
  }
  if (/^Flow (sequence|mapping)/.test(message)) {
    const bracket = message.startsWith('Flow sequence') ? '[' : '{'
    const close = bracket === '[' ? ']' : '}'
    const opened = lastUnclosed(lines, at, bracket, close)
    if (opened)
      return {
        offset: opened.offset,
        message: `the list starting with ${bracket} here is never closed; end it with ${close} on the same line`,
      }
  }
  // "title:Hello": a field name, a colon and no space (the parser words it several ways).
  const glued = /^(\s*(?:- )?)([\w-]+):(?=[^\s:])/.exec(line.text)
  if (glued && code !== 'BAD_INDENT')
    return {
      offset: line.start + glued[1]!.length + glued[2]!.length,
      message: `put a space after the colon: "${glued[2]}: …"`,
    }
  if (code === 'MULTILINE_IMPLICIT_KEY' || code === 'BLOCK_AS_IMPLICIT_KEY') {
    // "title: Hiring: a guide": the value's own ": " reads as a field inside it.
    const value = /^(\s*(?:- )?[\w-]+:\s+)(.*)$/.exec(line.text)
    if (value && /:(\s|$)/.test(value[2]!) && !/^["']/.test(value[2]!))
      return {
        offset: line.start + value[1]!.length,
        message:
          'this value contains ": ", which starts a new field; put the whole value in quotes',
      }
    // A field indented deeper than the one above it reads as part of that field's value.
    const next = lines.slice(at + 1).find((candidate) => candidate.text.trim())
    const keyColumn = /^\s*(?:- )?/.exec(line.text)![0].length
    if (next && indentOf(next.text) > keyColumn)
      return {
        offset: next.start + indentOf(next.text),
        message: 'this line is indented more than the field above it; line it up with that field',
      }
  }
  if (code === 'BAD_INDENT' && /must start at the same column/.test(message))
    return {
      offset: line.start + indentOf(line.text),
      message: `this line is indented differently from the ${message.includes('sequence') ? 'list items' : 'fields'} above it; line it up with them, using spaces`,
    }
  return { offset, message: `YAML syntax: ${message.split('\n')[0]}` }
}

interface Line {
  start: number
  text: string
}

function linesOf(text: string): Line[] {
  const lines: Line[] = []
  let start = 0
  for (const part of text.split('\n')) {
    lines.push({ start, text: part })
    start += part.length + 1
  }
  return lines
}

function lineAt(lines: Line[], offset: number): number {
  let index = 0
  while (index + 1 < lines.length && lines[index + 1]!.start <= offset) index++
  return index
}

function indentOf(text: string): number {
  return /^[ \t]*/.exec(text)![0].length
}

/**
 * The last opening `open` on or before line `at` that its line does not close: where an unclosed
 * quote or bracket starts. For quotes, `close` is the same character (an odd count is unclosed).
 */
function lastUnclosed(
  lines: Line[],
  at: number,
  open: string,
  close = open,
): { offset: number } | undefined {
  for (let index = at; index >= 0; index--) {
    const { text, start } = lines[index]!
    let depth = 0
    let opening = -1
    for (let column = 0; column < text.length; column++) {
      const char = text[column]
      if (open === close) {
        if (char === open) opening = opening === -1 ? column : -1
      } else if (char === open) {
        if (depth++ === 0) opening = column
      } else if (char === close && depth > 0 && --depth === 0) opening = -1
    }
    if (opening !== -1) return { offset: start + opening }
  }
  return undefined
}
