// The REST client the review steps use, pointed at the API the run names (GITHUB_API_URL), which
// is also how the tests point it at a fake server.
import { Octokit } from '@octokit/rest'
import type { ActionsEnv } from './actions-env.ts'

export function githubClient(env: Pick<ActionsEnv, 'apiUrl' | 'token'>): Octokit {
  return new Octokit({ auth: env.token, baseUrl: env.apiUrl, userAgent: 'panelwise-review' })
}
