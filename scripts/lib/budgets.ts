// The performance budgets from DESIGN.md, in one place: the page-weight check reads them, and
// the README and the benchmark quote them.
export const BUDGETS = {
  /** JavaScript a page loads before any interaction, gzip bytes. */
  initialJsGzipBytes: 90 * 1024,
  /** The site's one stylesheet, gzip bytes. */
  cssGzipBytes: 15 * 1024,
  /** Stylesheets a page links. */
  cssFiles: 1,
  /** Sentences of page copy found in JavaScript files. */
  copyInJs: 0,
} as const
