// The unit suite's Vitest project of the files that copy the site and build or serve the copy
// (vitest.config.ts): a third of the suite's time in five files, so `npm test` runs it as a step
// of its own, which can share the cores with the others (./run-tests.ts).
export const SITE_COPIES_PROJECT = 'unit, site copies'
