// A preview build: a pull request's copy of the site, for reviewers. Its forms never reach the
// contact function; a stub in the page answers them and the page says it is a preview
// (components/forms/preview-stub.ts). Set at build time by SITE_PREVIEW=true and written into the
// bundle by vite.config.ts as __SITE_PREVIEW__ (typed in ./build-env.d.ts), so a
// normal build carries none of the preview's code.

/** The build-time variable that makes a preview build. */
export const PREVIEW_VARIABLE = 'SITE_PREVIEW'

/** Whether SITE_PREVIEW asks for a preview build: "true", or unset/empty/"false" for none. */
export function parsePreviewFlag(value: string | undefined): boolean {
  if (value === 'true') return true
  if (value === undefined || value === '' || value === 'false') return false
  throw new Error(`${PREVIEW_VARIABLE} must be "true" or "false" (or unset), got "${value}".`)
}

/** Vite's `define` for the bundle (vite.config.ts) and the unit tests (vitest.config.ts). */
export function previewDefine(env: Record<string, string | undefined>) {
  return { __SITE_PREVIEW__: JSON.stringify(parsePreviewFlag(env[PREVIEW_VARIABLE])) }
}

/**
 * The context of the commit status the preview job sets on a pull request's head commit
 * (operations/previews/pages-preview.ts), whose address is the preview. Decap's editorial workflow
 * shows it as the entry's "View Preview" link: its config names this context as `preview_context`
 * (builder/admin/decap-config.ts), so it matches this status alone, not any whose context says
 * "deploy".
 */
export const PREVIEW_STATUS_CONTEXT = 'deploy/preview'
