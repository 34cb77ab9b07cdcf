// Where the sign-in pages (./sign-in.ts, ./callback.ts) reach the github-oauth function: the
// project the forms call (VITE_SUPABASE_URL), else the site's own server, as for the forms.
import { GITHUB_OAUTH_FUNCTION_PATH } from '../supabase/functions/_shared/github-sign-in.ts'

export function exchangeAddress(step: string): URL {
  const project = (import.meta.env.VITE_SUPABASE_URL || location.origin).replace(/\/+$/, '')
  return new URL(`${project}${GITHUB_OAUTH_FUNCTION_PATH}/${step}`)
}
