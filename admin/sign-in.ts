// The first page of the editor's GitHub sign-in (/admin/sign-in): Decap's popup opens
// `<base_url>/<auth_endpoint>?provider=github&site_id=…&scope=…`, and Decap believes only
// messages from base_url's origin, so base_url is this site and its auth_endpoint this page. It
// makes a secret that only this window keeps (sessionStorage belongs to one window and origin),
// and sends the popup on to the github-oauth function with the site's origin, its base path and
// the secret's SHA-256, which the function signs into the state: the code GitHub hands back can
// only be traded by this window (./callback.ts), for a token that goes to this site alone.
import {
  newSignInSecret,
  PROVIDER,
  secretBinding,
  SIGN_IN_SECRET_KEY,
  SIGN_IN_STEPS,
} from '../supabase/functions/_shared/github-sign-in.ts'
import { exchangeAddress } from './github-exchange.ts'

const asked = new URLSearchParams(location.search)
const secret = newSignInSecret()
sessionStorage.setItem(SIGN_IN_SECRET_KEY, secret)
const exchange = exchangeAddress(SIGN_IN_STEPS.start)
// No scope: Decap asks for `repo`, and the GitHub App's installation and permissions decide
// what the token reaches (one repository), so nothing of it is passed on.
exchange.search = new URLSearchParams({
  provider: asked.get('provider') ?? PROVIDER,
  origin: location.origin,
  // The site's base path ("/repo/pr-12/" for a preview): the callback page is under it.
  base: import.meta.env.BASE_URL,
  binding: await secretBinding(secret),
}).toString()
location.replace(exchange.href)
