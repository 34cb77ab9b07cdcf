// The editor's config.json, beside its page: Decap's configuration as the build or the dev
// server generates it (builder/admin/decap-config.ts), the site's name (builder/admin/editor-brand.ts),
// and, in a build made without the GitHub settings, the sentence saying so, which the page shows
// instead of a sign-in.

/** The key of that sentence: not one of Decap's, and taken out before Decap sees the rest. */
export const NOT_CONFIGURED_KEY = 'not_configured'

/** The key of the site's name, which heads the page: taken out before Decap sees the rest too. */
export const SITE_NAME_KEY = 'site_name'

export type EditorConfigFile = Record<string, unknown> & {
  [NOT_CONFIGURED_KEY]?: string
  [SITE_NAME_KEY]?: string
}
