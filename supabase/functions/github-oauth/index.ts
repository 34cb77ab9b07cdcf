// Entry point on Supabase's Edge Runtime: the exchange (handler.ts) with the function's secrets.
// No import map: the function uses only web-standard APIs (fetch, Web Crypto). Without its
// settings it does not start a sign-in: every address answers the sentence naming them all.
import { oauthConfigFromEnv } from './config.ts'
import { consoleOAuthLog, createOAuthHandler, notConfiguredHandler } from './handler.ts'

async function exchange(): Promise<(request: Request) => Promise<Response>> {
  try {
    return await createOAuthHandler({
      config: oauthConfigFromEnv((name) => Deno.env.get(name), 'hosted'),
    })
  } catch (error) {
    // The sentence names settings, never a value.
    const problem = error instanceof Error ? error.message : String(error)
    consoleOAuthLog('oauth.not_configured', { problem })
    return notConfiguredHandler(problem)
  }
}

Deno.serve(await exchange())
