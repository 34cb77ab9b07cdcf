// Entry point on Supabase's Edge Runtime: the exchange (handler.ts) with the function's secrets.
// No import map: the function uses only web-standard APIs (fetch, Web Crypto).
import { oauthConfigFromEnv } from './config.ts'
import { createOAuthHandler } from './handler.ts'

const handle = await createOAuthHandler({
  config: oauthConfigFromEnv((name) => Deno.env.get(name)),
})

Deno.serve(handle)
