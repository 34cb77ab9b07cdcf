// Splits an MDX/Markdown file into its YAML frontmatter and its body, exactly where gray-matter
// 4 splits it (tests/unit/builder/content/frontmatter.test.ts compares the two on generated files), in a few
// lines of plain string work: gray-matter needs Node's Buffer and brings a JavaScript parser
// (esprima) for `---js` frontmatter, which kept the content check out of the editor's page.

const OPEN = '---'
const CLOSE = '\n---'

export interface Frontmatter {
  /** The text between the fences ("" when there are none), without a language after `---`. */
  matter: string
  /** What follows the closing fence and its line break: the body. */
  content: string
}

export function splitFrontmatter(text: string): Frontmatter {
  const content = text.startsWith('\ufeff') ? text.slice(1) : text
  // "----" opens no frontmatter: the fence is three dashes and no more.
  if (!content.startsWith(OPEN) || content.charAt(OPEN.length) === '-')
    return { matter: '', content }
  let rest = content.slice(OPEN.length)
  // A word after the opening fence names the frontmatter's language ("---yaml"). Without a line
  // break, gray-matter takes all but the last character as that word; so does this.
  const language = rest.slice(0, rest.search(/\r?\n/))
  if (language.trim()) rest = rest.slice(language.length)
  const close = rest.indexOf(CLOSE)
  // No closing fence: everything is frontmatter, and there is no body.
  if (close === -1) return { matter: rest, content: '' }
  let body = rest.slice(close + CLOSE.length)
  if (body.startsWith('\r')) body = body.slice(1)
  if (body.startsWith('\n')) body = body.slice(1)
  return { matter: rest.slice(0, close), content: body }
}
