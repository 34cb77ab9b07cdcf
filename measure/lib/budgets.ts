// The performance budgets (docs/spec.md, Budgets), in one place: the page-weight check reads them, and
// the README and the benchmark quote them.
export const BUDGETS = {
  /** JavaScript a page loads before any interaction, gzip bytes. */
  initialJsGzipBytes: 10 * 1024,
  /** The site's one stylesheet, gzip bytes. */
  cssGzipBytes: 15 * 1024,
  /** Stylesheets a page links. */
  cssFiles: 1,
  /** Sentences of page copy found in JavaScript files. */
  copyInJs: 0,
  /**
   * A page's first response, headers and brotli-compressed HTML, bytes: what a new connection
   * delivers in its first round trip, TCP's initial window of 10 segments of 1,460 bytes
   * (RFC 6928). A page over it shows one round trip later (./first-response.ts).
   */
  firstResponseBytes: 10 * 1460,
} as const

/**
 * What `npm run bench` expects of every route it measures (medians of its runs), against the
 * bare reference page (measure/lib/reference-page.ts) measured in the same run: absolute times
 * move with the machine, the gap to the floor does not.
 */
export const BENCH_TARGETS = {
  /** Lighthouse performance score with the mobile preset, wherever the reference scores it. */
  mobilePerformance: 100,
  /** Total Blocking Time, ms, at most this much over the reference's. */
  totalBlockingTimeOverReferenceMs: 50,
  /** Lighthouse's main-thread work at load (mainthread-work-breakdown), at most × the reference's. */
  mainThreadToReference: 2,
  /** Cumulative Layout Shift. */
  cumulativeLayoutShift: 0,
  /** Largest Contentful Paint as a multiple of the home page's zero-JavaScript floor, at most. */
  lcpToFloor: 1.05,
} as const

/** What `npm run bench` expects of every tap it measures (measure/lib/tap-latency.ts). */
export const TAP_TARGETS = {
  /**
   * pointerdown to the first frame showing what the control opens, median of the runs, under
   * Lighthouse's mobile profile, at most this many times the reference page's in the same run.
   */
  toReference: 2,
  /** What to aim for, reported beside the target. */
  aimToReference: 1.5,
} as const
