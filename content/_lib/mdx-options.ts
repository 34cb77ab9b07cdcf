// How MDX bodies are read, shared by the content check (./mdx-body.ts) and the build
// (vite.config.ts), so both agree on what a body means: frontmatter is data, and GitHub
// Markdown's tables are allowed.
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'

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
