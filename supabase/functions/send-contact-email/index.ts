// Entry point on Supabase's Edge Runtime: wires the handler to the hosted database and the mail
// provider from the function's secrets. Everything else lives in handler.ts and is runtime-neutral.
import { createClient } from '@supabase/supabase-js'
import { hostedHandlerConfig } from './config.ts'
import { createHandler } from './handler.ts'
import { consoleLogger } from './logger.ts'
import { mailTransportFromEnv } from './mail-from-env.ts'
import { createSupabaseLeadStore } from './supabase-lead-store.ts'

const readEnv = (name: string) => Deno.env.get(name)

function requiredEnv(name: string): string {
  const value = readEnv(name)
  if (!value) throw new Error(`${name} is not set`)
  return value
}

// SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided by Supabase to every function.
const database = createClient(
  requiredEnv('SUPABASE_URL'),
  requiredEnv('SUPABASE_SERVICE_ROLE_KEY'),
  {
    auth: { persistSession: false, autoRefreshToken: false },
  },
)

// Supabase keeps an instance running until the promises given to EdgeRuntime.waitUntil settle:
// the held mails are sent after the answer (https://supabase.com/docs/guides/functions/background-tasks).
const edgeRuntime = (globalThis as { EdgeRuntime?: { waitUntil(promise: Promise<unknown>): void } })
  .EdgeRuntime

const handle = createHandler({
  store: createSupabaseLeadStore(database),
  mail: mailTransportFromEnv(readEnv, consoleLogger),
  // Behind Supabase's gateway the socket is the proxy; the client is the entry the gateway added
  // to X-Forwarded-For (TRUSTED_PROXY_HOPS, CLIENT_IP_HEADER: see supabase/README.md).
  config: hostedHandlerConfig(readEnv),
  logger: consoleLogger,
  waitUntil: edgeRuntime ? (promise) => edgeRuntime.waitUntil(promise) : undefined,
})

Deno.serve((request, info) =>
  handle(request, {
    clientAddress: 'hostname' in info.remoteAddr ? info.remoteAddr.hostname : undefined,
  }),
)
