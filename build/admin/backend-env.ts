// Which backend the editing UI saves through, from the environment: on `npm run dev`, the files on
// this machine unless CMS_BACKEND=github names the GitHub mode; in the built site's /admin, always
// GitHub (docs/editing-ui.md). The GitHub settings are read here only, for both.
import type { EditorPolicyInput } from '../../server/headers.ts'
import type { BackendMode } from './decap-config.ts'

type Env = Record<string, string | undefined>
type GitHubBackend = Extract<BackendMode, { mode: 'github' }>

/** Where the OAuth exchange answers under the Supabase project (supabase/functions/github-oauth). */
export const OAUTH_FUNCTION_PATH = '/functions/v1/github-oauth'

const REPO_PATTERN = /^[\w.-]+\/[\w.-]+$/

/**
 * The OAuth exchange: CMS_OAUTH_BASE_URL when given, else the project's function beside the
 * contact function (VITE_SUPABASE_URL, which the site's build already has).
 */
function oauthBaseUrl(env: Env): string | undefined {
  if (env.CMS_OAUTH_BASE_URL) return env.CMS_OAUTH_BASE_URL
  const project = env.VITE_SUPABASE_URL?.trim()
  return project ? `${project.replace(/\/+$/, '')}${OAUTH_FUNCTION_PATH}` : undefined
}

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
    baseUrl: oauthBaseUrl(env),
    authEndpoint: env.CMS_OAUTH_AUTH_ENDPOINT,
  }
}

/**
 * The built site's editor: the GitHub backend with the editorial workflow, from the build's
 * environment. The repository is CMS_GITHUB_REPO, else the one GitHub Actions builds
 * (GITHUB_REPOSITORY); the exchange as above. Without both, `missing` names what to set: the
 * page then says the editor is not configured instead of offering a sign-in that cannot work.
 */
export function liveBackendFromEnv(
  env: Env,
): { backend: GitHubBackend; missing?: undefined } | { backend?: undefined; missing: string } {
  const repo = env.CMS_GITHUB_REPO ?? env.GITHUB_REPOSITORY
  const baseUrl = oauthBaseUrl(env)
  const absent = [
    ...(repo && REPO_PATTERN.test(repo)
      ? []
      : ['CMS_GITHUB_REPO=owner/name (or GITHUB_REPOSITORY)']),
    ...(baseUrl ? [] : ['VITE_SUPABASE_URL (or CMS_OAUTH_BASE_URL)']),
  ]
  if (absent.length || !repo || !baseUrl)
    return {
      missing: `This build of the site has no GitHub sign-in: it was built without ${absent.join(' and ')}. See docs/editing-ui.md, "The editor on the live site".`,
    }
  return {
    backend: {
      mode: 'github',
      repo,
      branch: env.CMS_GITHUB_BRANCH ?? 'main',
      apiRoot: env.CMS_GITHUB_API_ROOT,
      baseUrl,
      authEndpoint: env.CMS_OAUTH_AUTH_ENDPOINT ?? 'auth',
    },
  }
}

/** What the built editor's policy must let it reach (server/headers.ts), from the same settings. */
export function editorPolicyInput(env: Env): EditorPolicyInput {
  const { backend } = liveBackendFromEnv(env)
  return { githubApiUrl: backend?.apiRoot, oauthUrl: backend?.baseUrl }
}
