// Which backend the editing UI saves through, from the environment of `npm run dev`: the files
// on this machine unless CMS_BACKEND=github names the GitHub mode (docs/editing-ui.md).
import type { BackendMode } from './decap-config.ts'

/** `localUrl`: where the dev server answers the local mode. */
export function backendFromEnv(env: NodeJS.ProcessEnv, localUrl: string): BackendMode {
  const mode = env.CMS_BACKEND ?? 'local'
  if (mode === 'local') return { mode: 'local', url: localUrl }
  if (mode !== 'github')
    throw new Error(`CMS_BACKEND must be "local" (the default) or "github", not "${mode}"`)
  const repo = env.CMS_GITHUB_REPO
  if (!repo || !/^[\w.-]+\/[\w.-]+$/.test(repo))
    throw new Error(
      'CMS_BACKEND=github needs CMS_GITHUB_REPO=owner/name, the repository the editor commits to',
    )
  return {
    mode: 'github',
    repo,
    branch: env.CMS_GITHUB_BRANCH ?? 'main',
    apiRoot: env.CMS_GITHUB_API_ROOT,
    baseUrl: env.CMS_OAUTH_BASE_URL,
    authEndpoint: env.CMS_OAUTH_AUTH_ENDPOINT,
  }
}
