// The first page of the editor's GitHub sign-in (/admin/sign-in): Decap's popup opens
// `<base_url>/<auth_endpoint>?provider=github&site_id=…&scope=…`, and Decap believes only
// messages from base_url's origin, so base_url is this site and its auth_endpoint this page. It
// sends the popup on to the github-oauth function with the site's own origin, which the function
// checks against its list and signs into the state: the token can only come back to this site.
import {
  GITHUB_OAUTH_FUNCTION_PATH,
  PROVIDER,
} from '../supabase/functions/_shared/github-sign-in.ts'

const asked = new URLSearchParams(location.search)
// The same project the forms call; without one, the site's own server (as for the forms).
const project = (import.meta.env.VITE_SUPABASE_URL || location.origin).replace(/\/+$/, '')
const exchange = new URL(`${project}${GITHUB_OAUTH_FUNCTION_PATH}/auth`)
exchange.search = new URLSearchParams({
  provider: asked.get('provider') ?? PROVIDER,
  scope: asked.get('scope') ?? 'repo',
  origin: location.origin,
}).toString()
location.replace(exchange.href)
