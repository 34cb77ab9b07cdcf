// Which backend the editing UI saves through, from the environment: on `npm run dev`, the files on
// this machine unless CMS_BACKEND=github names the GitHub mode; in the built site's /admin, always
// GitHub (docs/editing-ui.md). The GitHub settings are read here only, for both.
import type { EditorPolicyInput } from '../../server/headers.ts'
import { EDITOR_PATH } from '../../site/editor.ts'
import { parsePreviewFlag, PREVIEW_VARIABLE } from '../../site/preview-build.ts'
import type { BackendMode } from './decap-config.ts'

type Env = Record<string, string | undefined>
type GitHubBackend = Extract<BackendMode, { mode: 'github' }>

const REPO_PATTERN = /^[\w.-]+\/[\w.-]+$/

/**
 * The sign-in page Decap's popup opens first (admin/sign-in.html), as Decap's `auth_endpoint`,
 * relative to `base_url`. Decap believes only messages from `base_url`'s origin, and the page
 * that completes its handshake (admin/callback.html) is on the site, so `base_url` is the
 * editor's own origin (set by the page, admin/main.tsx) and the exchange is reached through this
 * page, which sends the popup on to the github-oauth function.
 */
export const SIGN_IN_PAGE = `${EDITOR_PATH.slice(1)}/sign-in`

/** `localUrl`: where the dev server answers the local mode. */
export function backendFromEnv(env: NodeJS.ProcessEnv, localUrl: string): BackendMode {
  const mode = env.CMS_BACKEND ?? 'local'
  if (mode === 'local') return { mode: 'local', url: localUrl }
  if (mode !== 'github')
    throw new Error(`CMS_BACKEND must be "local" (the default) or "github", not "${mode}"`)
  const repo = env.CMS_GITHUB_REPO
  if (!repo || !REPO_PATTERN.test(repo))
    throw new Error(
      'CMS_BACKEND=github needs CMS_GITHUB_REPO=owner/name, the repository the editor commits to',
    )
  return {
    mode: 'github',
    repo,
    branch: env.CMS_GITHUB_BRANCH ?? 'main',
    apiRoot: env.CMS_GITHUB_API_ROOT,
    baseUrl: env.CMS_OAUTH_BASE_URL,
    authEndpoint:
      env.CMS_OAUTH_AUTH_ENDPOINT ?? (env.CMS_OAUTH_BASE_URL ? undefined : SIGN_IN_PAGE),
  }
}

/**
 * The built site's editor: the GitHub backend with the editorial workflow, from the build's
 * environment. The repository is CMS_GITHUB_REPO, else the one GitHub Actions builds
 * (GITHUB_REPOSITORY); the sign-in goes through the site's own page (SIGN_IN_PAGE, under the
 * site's base path `base`), on to the github-oauth function of the project the forms call.
 * Without a repository, `missing` names what to set: the page then says the editor is not
 * configured instead of offering a sign-in that cannot work. A pull request's preview
 * (SITE_PREVIEW) never offers one: it is served from a shared origin (GitHub Pages) that is no
 * site address the exchange lists, and its pages are the pull request's, not the site's.
 */
export function liveBackendFromEnv(
  env: Env,
  base = '/',
): { backend: GitHubBackend; missing?: undefined } | { backend?: undefined; missing: string } {
  if (parsePreviewFlag(env[PREVIEW_VARIABLE]))
    return {
      missing:
        'This is a preview of a pull request, which has no GitHub sign-in: edit on the live site’s /admin/. See docs/editing-ui.md, "The editor on the live site".',
    }
  const repo = env.CMS_GITHUB_REPO ?? env.GITHUB_REPOSITORY
  if (!repo || !REPO_PATTERN.test(repo))
    return {
      missing:
        'This build of the site has no GitHub sign-in: it was built without CMS_GITHUB_REPO=owner/name (or GITHUB_REPOSITORY). See docs/editing-ui.md, "The editor on the live site".',
    }
  return {
    backend: {
      mode: 'github',
      repo,
      branch: env.CMS_GITHUB_BRANCH ?? 'main',
      apiRoot: env.CMS_GITHUB_API_ROOT,
      // No base_url: the page sets its own origin (admin/main.tsx).
      authEndpoint: `${base.replace(/^\//, '')}${SIGN_IN_PAGE}`,
    },
  }
}

/** What the built editor's policy must let it reach (server/headers.ts), from the same settings. */
export function editorPolicyInput(env: Env): EditorPolicyInput {
  const { backend } = liveBackendFromEnv(env)
  return { githubApiUrl: backend?.apiRoot, signInExchangeUrl: env.VITE_SUPABASE_URL || undefined }
}
