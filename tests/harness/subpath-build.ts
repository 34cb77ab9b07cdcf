// The sub-path check's build (npm run test:subpath): the site as a pull request's preview builds
// it, under a base path and with its forms on the preview's stub, in a folder of its own beside
// dist/ so the other tests keep theirs.
export const SUBPATH_BASE = '/repo/pr-12/'
/** Inside the project (builder/dist-dir.ts) and ignored by git, lint and Prettier. */
export const SUBPATH_DIST = 'node_modules/.cache/subpath-dist'

/** The environment `npm run build` gets for it. */
export const subpathBuildEnv = {
  SITE_BASE_PATH: SUBPATH_BASE,
  SITE_PREVIEW: 'true',
  SITE_DIST_DIR: SUBPATH_DIST,
}

/**
 * An article only this build publishes, kept out of content/ so the real build never does: its
 * headings spell ids of the page's own (booking-dialog, site-search, site-navigation), which
 * the build must give other ids for the page's buttons to keep opening their dialogs.
 */
export const FIXTURE_ARTICLE = 'headings-named-like-the-page'
export const FIXTURE_ARTICLE_FILE = `tests/fixtures/articles/${FIXTURE_ARTICLE}.mdx`
