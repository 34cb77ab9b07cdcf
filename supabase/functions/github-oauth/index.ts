// Entry point on Supabase's Edge Runtime: the exchange (handler.ts) with the function's secrets,
// and its single-use record on the project's database through the REST API (sign-in-uses.ts).
// No import map: the function uses only web-standard APIs (fetch, Web Crypto). Without its
// settings it does not start a sign-in: every address answers the sentence naming them all.
import { oauthConfigFromEnv } from './config.ts'
import { consoleOAuthLog, createOAuthHandler, notConfiguredHandler } from './handler.ts'
import { restSignInUses } from './sign-in-uses.ts'

/** Supabase sets both for every function; the record of traded sign-ins needs them. */
const DATABASE_SETTINGS = ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'] as const

async function exchange(): Promise<(request: Request) => Promise<Response>> {
  try {
    const config = oauthConfigFromEnv((name) => Deno.env.get(name), 'hosted')
    const missing = DATABASE_SETTINGS.filter((name) => !Deno.env.get(name))
    if (missing.length) throw new Error(`${missing.join(', ')} not set`)
    return await createOAuthHandler({
      config,
      uses: restSignInUses({
        supabaseUrl: Deno.env.get('SUPABASE_URL')!,
        serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
      }),
    })
  } catch (error) {
    // The sentence names settings, never a value.
    const problem = error instanceof Error ? error.message : String(error)
    consoleOAuthLog('oauth.not_configured', { problem })
    return notConfiguredHandler(problem)
  }
}

Deno.serve(await exchange())
