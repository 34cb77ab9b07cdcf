// How MDX bodies are read and compiled, shared by the content check (./mdx-body.ts) and the
// compiler (./mdx-compiler.ts, given them by vite.config.ts), so both agree on what a body means:
// frontmatter is data, and GitHub Markdown's tables are allowed.
import rehypeShiki from '@shikijs/rehype'
import type { Root } from 'mdast'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import type { VFile } from 'vfile'
import { visit } from 'unist-util-visit'
import { bodyRuleBreaks } from '../../content/schema/body-rules.ts'
import { CODE_THEME, codeColorTransformer } from './code-colors.ts'
import { rehypeHeadingIds } from './heading-ids.ts'
import type { MdxOptions } from './mdx-compiler.ts'

/**
 * The compiler's own guard: a body that breaks a rule of content/schema/body-rules.ts is not
 * compiled, whatever called the compiler. The content check refuses such a body before any
 * compile (./load.ts); this keeps a compiled body from ever carrying code that no check read.
 */
export function remarkRefuseCode() {
  return (tree: Root, file: VFile) => {
    visit(tree, (node) => {
      if (node.type === 'root') return
      const [broken] = bodyRuleBreaks(node)
      if (broken)
        file.fail(broken.message, {
          place: broken.position ?? node.position?.start,
          ruleId: 'body-rules',
        })
    })
  }
}

export const remarkPlugins = [remarkRefuseCode, remarkFrontmatter, remarkGfm]

/** Languages code blocks may be highlighted in at build time; others show as plain text. */
export const CODE_LANGUAGES = [
  'bash',
  'go',
  'java',
  'javascript',
  'json',
  'python',
  'sql',
  'tsx',
  'typescript',
  'yaml',
] as const

/**
 * The compiler's plugins. Frontmatter is read by the content loader; MDX must not render it as
 * text. Headings get the ids the content check computed for the table of contents (./heading-ids.ts); code is
 * highlighted here, at build time, so no highlighter ships to the browser.
 */
export const mdxOptions: MdxOptions = {
  remarkPlugins,
  rehypePlugins: [
    rehypeHeadingIds,
    [
      rehypeShiki,
      {
        // Every token colour meets WCAG AA on white (github-light's orange does not).
        theme: CODE_THEME,
        transformers: [codeColorTransformer],
        langs: [...CODE_LANGUAGES],
        defaultLanguage: 'text',
        fallbackLanguage: 'text',
        // No time limit per line (Shiki's default is 500 ms): past it Shiki gives up on the rest
        // of the line and colours it as the state before, so a loaded machine built a
        // different page (a clean run on 2026-11-26 coloured a whole line of code as a comment).
        tokenizeTimeLimit: 0,
      },
    ],
  ],
}
