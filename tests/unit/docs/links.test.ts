// Every relative link in the repository's Markdown resolves to a file or folder in it, so the
// README, CONTRIBUTING.md, CONTENT.md and docs/ never send a reader to something that moved.
// Links are read with remark (links and reference definitions), so code blocks are left alone.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Root } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
/** Content that is broken on purpose, for the content check's tests. */
const NOT_CHECKED = /^tests\/fixtures\//

const markdownFiles = execFileSync('git', ['ls-files', '*.md'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !NOT_CHECKED.test(file))

/** The relative link targets of one Markdown text, without their #fragment or ?query. */
function relativeTargets(markdown: string): string[] {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root
  const targets: string[] = []
  visit(tree, ['link', 'definition', 'image'], (node) => {
    const url = (node as { url: string }).url
    // Absolute addresses (a scheme, or a path on the site like /resources) and same-page anchors.
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('/') || url.startsWith('#')) return
    const target = decodeURI(url.replace(/[#?].*$/, ''))
    if (target) targets.push(target)
  })
  return targets
}

describe('relative links in Markdown', () => {
  it('reads links, definitions and images, and skips code, anchors and addresses', () => {
    const markdown = [
      '[a](docs/a.md#part) [b](https://example.com) [c](#here) [d](/about)',
      '![pic](./img.png)',
      '`[e](inline.md)`',
      '```',
      '[f](in-a-block.md)',
      '```',
      '[g]: ../g.md',
    ].join('\n')
    expect(relativeTargets(markdown)).toEqual(['docs/a.md', './img.png', '../g.md'])
  })

  it.each(markdownFiles)('%s links only to files that exist', (file) => {
    const text = readFileSync(path.join(root, file), 'utf8')
    const missing = relativeTargets(text).filter(
      (target) => !existsSync(path.resolve(root, path.dirname(file), target)),
    )
    expect(missing).toEqual([])
  })
})
