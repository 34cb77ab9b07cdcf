// Where the editor that tests/dev/editorial-workflow.spec.ts drives is served, set to save
// through a fake GitHub: the one part of that test that knows how. Today `npm run dev` over a
// copy of the site (./admin-site.ts), configured by the `CMS_*` variables; the built site served
// by `npm run serve` needs only another `serveEditor` with the same answer.
import { ADMIN_SITE_START_TIMEOUT, startAdminSite } from './admin-site.ts'

export interface ServedEditor {
  /** The editor's page: `<origin>/admin/`, a route after `#` opens an entry. */
  adminURL: string
  /** The content/ folder of the site the editor edits: the fake's main starts as it. */
  contentDir: string
  stop(): Promise<void>
}

/** How long serving the editor may take (a dev server's start on a busy machine). */
export const SERVE_EDITOR_TIMEOUT = ADMIN_SITE_START_TIMEOUT + 30_000

/** Serves the editor in GitHub mode for the repository `repo` of the API at `apiRoot`. */
export async function serveEditor(github: {
  repo: string
  apiRoot: string
}): Promise<ServedEditor> {
  const site = await startAdminSite({
    CMS_BACKEND: 'github',
    CMS_GITHUB_REPO: github.repo,
    CMS_GITHUB_API_ROOT: github.apiRoot,
  })
  return { adminURL: `${site.baseURL}/admin/`, contentDir: site.contentDir, stop: site.stop }
}
