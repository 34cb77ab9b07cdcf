// The performance budgets (docs/spec.md, Budgets), in one place: the page-weight check reads them, and
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

/** What `npm run bench` expects of every route it measures (medians of its runs). */
export const BENCH_TARGETS = {
  /** Lighthouse performance score with the mobile preset. */
  mobilePerformance: 100,
  /** Total Blocking Time, ms, below this. */
  totalBlockingTimeMs: 50,
  /** Cumulative Layout Shift. */
  cumulativeLayoutShift: 0,
  /** Largest Contentful Paint as a multiple of the home page's zero-JavaScript floor, at most. */
  lcpToFloor: 1.05,
} as const

/** What `npm run bench` expects of every tap it measures (tools/lib/tap-latency.ts). */
export const TAP_TARGETS = {
  /**
   * pointerdown to the first frame showing what the control opens, median of the runs, under
   * Lighthouse's mobile profile: "good" Interaction to Next Paint.
   */
  visibleResponseMs: 200,
} as const
