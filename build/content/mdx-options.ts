// How MDX bodies are read and compiled, shared by the content check (./mdx-body.ts) and the
// compiler (./mdx-compiler.ts, given them by vite.config.ts), so both agree on what a body means:
// frontmatter is data, and GitHub Markdown's tables are allowed.
import rehypeShiki from '@shikijs/rehype'
import rehypeSlug from 'rehype-slug'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import { CODE_THEME, codeColorTransformer } from './code-colors.ts'
import type { MdxOptions } from './mdx-compiler.ts'

export const remarkPlugins = [remarkFrontmatter, remarkGfm]

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
 * text. Headings get the ids the content check computed for the table of contents; code is
 * highlighted here, at build time, so no highlighter ships to the browser.
 */
export const mdxOptions: MdxOptions = {
  remarkPlugins,
  rehypePlugins: [
    rehypeSlug,
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
