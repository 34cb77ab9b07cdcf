// The exchange's settings, read once from the environment (the function's secrets on Supabase).
// Names start with CMS_ because GitHub refuses secrets and variables named GITHUB_…: the same
// name is the GitHub setting and the Supabase secret (docs/editing-ui.md).
import { parseAllowedOrigins, type OriginsMode } from '../_shared/cors.ts'

export interface OAuthConfig {
  /** The GitHub OAuth app's Client ID (public: it is in the address of GitHub's page). */
  clientId: string
  /** The app's client secret: sent to GitHub's token endpoint only, never in an answer or log. */
  clientSecret: string
  /** The key that signs the `state` (state.ts). */
  stateKey: string
  /** The site origins a sign-in may start from and its token go back to. */
  allowedOrigins: readonly string[]
  /** `https://github.com`; tests point it at a local fake. */
  githubBaseUrl: string
  /** How long a writer has from the Login button to the trade before the state is refused. */
  stateLifetimeSeconds: number
}

export const OAUTH_SECRET_NAMES = [
  'CMS_GITHUB_CLIENT_ID',
  'CMS_GITHUB_CLIENT_SECRET',
  'CMS_OAUTH_STATE_KEY',
] as const

/**
 * Every setting the exchange cannot start without: its secrets and the sites it serves. Without
 * ALLOWED_ORIGINS it would not know where a token may go, so it refuses (fails closed).
 */
export const OAUTH_SETTING_NAMES = [...OAUTH_SECRET_NAMES, 'ALLOWED_ORIGINS'] as const

/** Long enough to sign in and pass GitHub's two-factor check; short enough to be no lasting link. */
export const STATE_LIFETIME_SECONDS = 600

/** `openssl rand -hex 32` gives 64 characters; fewer than 32 is too guessable to sign with. */
export const MIN_STATE_KEY_LENGTH = 32

/**
 * `mode`: `hosted` on Supabase (index.ts), `local` where the site's own server mounts it
 * (server/functions.ts), which alone may name http origins on a loopback host. Throws one
 * sentence naming every setting that is missing, or what is wrong with one.
 */
export function oauthConfigFromEnv(
  readEnv: (name: string) => string | undefined,
  mode: OriginsMode,
): OAuthConfig {
  const missing = OAUTH_SETTING_NAMES.filter((name) => !readEnv(name)?.replaceAll(',', '').trim())
  if (missing.length) throw new Error(`${missing.join(', ')} not set`)
  const stateKey = readEnv('CMS_OAUTH_STATE_KEY')!.trim()
  if (stateKey.length < MIN_STATE_KEY_LENGTH)
    throw new Error(`CMS_OAUTH_STATE_KEY must be at least ${MIN_STATE_KEY_LENGTH} characters`)
  return {
    clientId: readEnv('CMS_GITHUB_CLIENT_ID')!.trim(),
    clientSecret: readEnv('CMS_GITHUB_CLIENT_SECRET')!.trim(),
    stateKey,
    // The list the contact function answers (ALLOWED_ORIGINS): one setting names the site.
    allowedOrigins: parseAllowedOrigins(readEnv('ALLOWED_ORIGINS'), mode),
    githubBaseUrl: (readEnv('CMS_GITHUB_OAUTH_URL')?.trim() || 'https://github.com').replace(
      /\/+$/,
      '',
    ),
    stateLifetimeSeconds: STATE_LIFETIME_SECONDS,
  }
}
