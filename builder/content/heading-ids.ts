// The ids headings get, for the table of contents (./mdx-body.ts) and in the compiled body
// (./mdx-options.ts): GitHub's slugs, as rehype-slug gives them, except that an id the page
// itself uses (./page-ids.ts) counts as taken, so "## Site search" becomes `site-search-1` by
// the slugger's own rule for a repeated heading, and the search button still finds its dialog.
import GithubSlugger, { slug } from 'github-slugger'
import type { Element, Root } from 'hast'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'

declare module 'vfile' {
  interface DataMap {
    /** The ids the page uses (./page-ids.ts), which no heading of this body may take. */
    pageIds: readonly string[]
  }
}

/** A slugger for one body, with every page id a heading could spell already taken. */
export function headingSlugger(pageIds: Iterable<string>): GithubSlugger {
  const slugger = new GithubSlugger()
  // An id no slug can equal (React's `_R_5_`, capitals) needs no seat.
  for (const id of pageIds) if (slug(id) === id) slugger.slug(id)
  return slugger
}

const textOf = (node: Root | Root['children'][number]): string =>
  'children' in node ? node.children.map(textOf).join('') : 'value' in node ? node.value : ''

/** rehype-slug's work, with the ids the compiler puts in `file.data.pageIds` taken. */
export function rehypeHeadingIds() {
  return (tree: Root, file: VFile) => {
    const slugger = headingSlugger(file.data.pageIds ?? [])
    visit(tree, 'element', (node: Element) => {
      if (/^h[1-6]$/.test(node.tagName) && !node.properties.id)
        node.properties.id = slugger.slug(textOf(node))
    })
  }
}
