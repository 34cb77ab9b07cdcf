// The content check splits MDX files where gray-matter 4 did before it ran in the editor's page
// (builder/content/frontmatter.ts): same frontmatter, same body, on generated files made of the
// pieces that decide a split (fences, dashes, line breaks of both kinds, a language word, a BOM).
import fc from 'fast-check'
import matter from 'gray-matter'
import { describe, expect, it } from 'vitest'
import { splitFrontmatter } from '../../../../builder/content/frontmatter.ts'

/** gray-matter as the check called it; undefined where it throws (an unknown language word). */
function grayMatter(text: string): { matter: string; content: string } | undefined {
  try {
    // Options turn off its cache; the YAML is parsed elsewhere, so its own parser is not run.
    const parsed = matter(text, { engines: { yaml: () => ({}) } })
    return { matter: parsed.matter ?? '', content: parsed.content }
  } catch {
    return undefined
  }
}

const PIECES = [
  '---',
  '-',
  '\n',
  '\r\n',
  '\r',
  'yaml',
  ' yaml ',
  'title: A',
  ' ',
  '#',
  'Body',
  '\ufeff',
]

describe('splitFrontmatter', () => {
  it('splits every generated file where gray-matter does', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }), (pieces) => {
        const text = pieces.join('')
        const expected = grayMatter(text)
        if (expected) expect(splitFrontmatter(text)).toEqual(expected)
      }),
      { numRuns: 5000 },
    )
  })

  it.each([
    ['a file with frontmatter', '---\ntitle: A\n---\n\nBody\n'],
    ['CRLF line breaks', '---\r\ntitle: A\r\n---\r\nBody'],
    ['a language word', '---yaml\ntitle: A\n---\nBody'],
    ['no closing fence', '---\ntitle: A\n'],
    ['four dashes', '----\ntitle: A\n---\nBody'],
    ['a byte-order mark', '\ufeff---\ntitle: A\n---\nBody'],
    ['no frontmatter', 'Body\n---\nmore'],
  ])('splits %s where gray-matter does', (_what, text) => {
    expect(grayMatter(text)).toBeDefined()
    expect(splitFrontmatter(text)).toEqual(grayMatter(text))
  })
})
