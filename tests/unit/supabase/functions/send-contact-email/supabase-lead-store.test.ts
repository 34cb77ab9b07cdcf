// The production store goes through supabase-js to PostgREST. Here a minimal PostgREST stand-in
// (a fake fetch) runs the same calls against PGlite with the real migration, so the RPC names,
// argument names and row mapping are checked against the actual SQL.
import { createClient } from '@supabase/supabase-js'
import { expect, it } from 'vitest'
import {
  releaseSpam,
  retryContactRequests,
} from '../../../../../supabase/functions/send-contact-email/deliver.ts'
import type { HandlerConfig } from '../../../../../supabase/functions/send-contact-email/config.ts'
import { createHandler } from '../../../../../supabase/functions/send-contact-email/handler.ts'
import type { MailTransport } from '../../../../../supabase/functions/send-contact-email/mail-transport.ts'
import { createSupabaseLeadStore } from '../../../../../supabase/functions/send-contact-email/supabase-lead-store.ts'
import {
  capturingLogger,
  contactBody,
  failingMail,
  guideBody,
  newLead,
  post,
  recordingMail,
  testConfig,
  withTestDatabase,
} from '../../../helpers/function-fixtures.ts'

const seen: {
  method: string
  path: string
  apikey: string | null
  authorization: string | null
}[] = []

const database = withTestDatabase({ beforeEachTest: () => (seen.length = 0) })

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const fakePostgrest = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init)
  const url = new URL(request.url)
  seen.push({
    method: request.method,
    path: url.pathname,
    apikey: request.headers.get('apikey'),
    authorization: request.headers.get('authorization'),
  })
  const rpc = /^\/rest\/v1\/rpc\/(\w+)$/.exec(url.pathname)
  try {
    if (rpc && request.method === 'POST') {
      const args = (await request.json()) as Record<string, unknown>
      const names = Object.keys(args)
      const { rows } = await database().db.query<{ result: unknown }>(
        `select public.${rpc[1]}(${names.map((name, index) => `${name} => $${index + 1}`).join(', ')}) as result`,
        names.map((name) => args[name]),
      )
      return json(rows[0]!.result)
    }
    if (url.pathname !== '/rest/v1/contact_requests')
      return json({ message: `unexpected ${request.method} ${url.pathname}` }, 404)
    // PostgREST's horizontal filters the store uses: column=eq.value, column=lt.value.
    const params: unknown[] = []
    const where: string[] = []
    for (const [column, filter] of url.searchParams) {
      if (['select', 'order', 'limit', 'on_conflict', 'columns'].includes(column)) continue
      expect(column).toMatch(/^[a-z_]+$/)
      const [, op, value] = /^(eq|lt)\.(.*)$/.exec(filter)!
      params.push(value)
      where.push(`${column} ${op === 'eq' ? '=' : '<'} $${params.length}`)
    }
    const condition = where.length ? `where ${where.join(' and ')}` : ''
    if (request.method === 'POST') {
      const row = (await request.json()) as Record<string, unknown>
      const columns = Object.keys(row)
      const onConflict = url.searchParams.get('on_conflict')
      if (onConflict)
        expect(request.headers.get('prefer')).toContain('resolution=ignore-duplicates')
      const { rows } = await database().db.query(
        `insert into public.contact_requests (${columns.join(', ')})
         values (${columns.map((_, index) => `$${index + 1}`).join(', ')})
         ${onConflict ? `on conflict (${onConflict}) do nothing` : ''} returning *`,
        columns.map((column) => row[column]),
      )
      const single = request.headers.get('accept')?.includes('vnd.pgrst.object')
      return json(single ? rows[0] : rows, 201)
    }
    if (request.method === 'GET') {
      const order = url.searchParams.get('order')
      if (order) expect(order).toBe('created_at.desc')
      params.push(Number(url.searchParams.get('limit') ?? 1000))
      const { rows } = await database().db.query(
        `select * from public.contact_requests ${condition}
         order by created_at desc limit $${params.length}`,
        params,
      )
      return json(rows)
    }
    if (request.method === 'PATCH') {
      const changes = (await request.json()) as Record<string, unknown>
      const set = Object.keys(changes).map((column) => {
        params.push(changes[column])
        return `${column} = $${params.length}`
      })
      const { rows } = await database().db.query(
        `update public.contact_requests set ${set.join(', ')} ${condition} returning *`,
        params,
      )
      return json(rows)
    }
    if (request.method === 'DELETE') {
      const { rows } = await database().db.query(
        `delete from public.contact_requests ${condition} returning *`,
        params,
      )
      return json(rows)
    }
    return json({ message: `unexpected ${request.method} ${url.pathname}` }, 404)
  } catch (error) {
    return json({ code: 'XX000', message: String(error) }, 400)
  }
}) as typeof fetch

// Node 20 has no WebSocket, which supabase-js's realtime part wants at construction; the store
// never uses realtime (Deno, where the function runs, has WebSocket built in).
const NoWebSocket = function NoWebSocket() {
  throw new Error('realtime is not used by the store')
} as unknown as typeof WebSocket
const realtime = { transport: NoWebSocket as unknown as typeof WebSocket }

function supabaseHandler(
  mail: MailTransport = recordingMail(),
  options: { config?: Partial<HandlerConfig>; clock?: () => Date } = {},
) {
  const client = createClient('http://supabase.test', 'service-role-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: fakePostgrest },
    realtime,
  })
  const store = createSupabaseLeadStore(client)
  // The work after each answer (sending held mails), awaited by settled().
  const background: Promise<unknown>[] = []
  const handle = createHandler({
    store,
    mail,
    config: { ...testConfig, ...options.config },
    logger: capturingLogger(),
    clock: options.clock,
    waitUntil: (work) => background.push(work),
  })
  const settled = () => Promise.all(background)
  return { store, handle, mail, settled }
}

it('stores a guide request through the REST API with the service role key', async () => {
  const { handle, store, settled } = supabaseHandler()
  const response = await handle(post(guideBody))
  expect(response.status).toBe(200)
  const { id } = await response.json()
  await settled()
  const [row] = await store.listContactRequests()
  expect(row).toMatchObject({
    id,
    kind: 'guide',
    title: 'System Design Interview Guide',
    company: 'Acme Corp',
    status: 'sent',
    attempts: 1,
  })
  expect(seen.map((call) => `${call.method} ${call.path}`)).toEqual([
    'POST /rest/v1/rpc/hit_contact_rate_limit',
    'POST /rest/v1/rpc/take_contact_mail_budget',
    'POST /rest/v1/contact_requests',
    'POST /rest/v1/rpc/record_contact_delivery',
    // After the answer: nothing was held, so nothing is released.
    'POST /rest/v1/rpc/release_held_contact_request',
    'GET /rest/v1/contact_requests',
  ])
  expect(seen.every((call) => call.apikey === 'service-role-key')).toBe(true)
  expect(seen.every((call) => call.authorization === 'Bearer service-role-key')).toBe(true)
})

it('keeps the page the form named through the REST API, where the Referer has only the origin', async () => {
  const mail = recordingMail()
  const { handle, store, settled } = supabaseHandler(mail)
  const body = { ...guideBody, pagePath: '/resources/guides' }
  const response = await handle(post(body, { headers: { referer: 'http://localhost:3000/' } }))
  const { id } = await response.json()
  await settled()
  const page = 'http://localhost:3000/resources/guides'
  expect((await store.listContactRequests())[0]).toMatchObject({ id, page })
  // In the table's own column, as `npm run leads -- --remote` reads it.
  const { rows } = await database().db.query<{ page: string }>(
    'select page from public.contact_requests where id = $1',
    [id],
  )
  expect(rows).toEqual([{ page }])
  expect(mail.sent[0]!.text).toContain(`\nPage: ${page}\n`)
})

it('rate-limits through the SQL function and retries failed rows', async () => {
  const { handle, store } = supabaseHandler(failingMail())
  for (let attempt = 0; attempt < 5; attempt++) {
    expect((await handle(post(contactBody, { address: '192.0.2.50' }))).status).toBe(200)
  }
  const limited = await handle(post(contactBody, { address: '192.0.2.50' }))
  expect(limited.status).toBe(429)
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)

  expect(await store.listContactRequests({ status: 'failed' })).toHaveLength(5)
  const mail = recordingMail()
  const report = await retryContactRequests({ store, mail, logger: capturingLogger() })
  expect(report).toEqual({ attempted: 5, sent: 5, logged: 0, failed: 0 })
  expect(await store.listContactRequests({ status: 'failed' })).toHaveLength(0)
})

it('a database error mails the request as not stored, without details for the visitor', async () => {
  const client = createClient('http://supabase.test', 'k', {
    realtime,
    global: {
      fetch: (async () =>
        json({ code: '42P01', message: 'relation missing' }, 404)) as typeof fetch,
    },
  })
  const logger = capturingLogger()
  const mail = recordingMail()
  const handle = createHandler({
    store: createSupabaseLeadStore(client),
    mail,
    config: testConfig,
    logger,
  })
  const response = await handle(post(contactBody))
  expect(response.status).toBe(200)
  expect(await response.text()).not.toContain('relation')
  expect(mail.sent[0]!.subject).toMatch(/^\[NOT STORED\]/)
  expect(logger.lines.find((line) => line.event === 'store.unavailable')?.fields.error).toContain(
    'relation missing',
  )
})

it('a repeated requestId is one row through the REST API, and spam is released and purged', async () => {
  const { handle, store, mail } = supabaseHandler()
  const body = { ...contactBody, requestId: crypto.randomUUID() }
  const first = await (await handle(post(body))).json()
  seen.length = 0
  expect(await (await handle(post(body))).json()).toEqual(first)
  expect(seen.map((call) => `${call.method} ${call.path}`)).toEqual([
    'GET /rest/v1/contact_requests',
  ])
  // Two copies racing past the look-up: the upsert ignores the second.
  const { created, row } = await store.insertContactRequest(
    newLead({ name: 'x', email: 'x@example.com', message: 'x', requestId: body.requestId }),
  )
  expect({ created, id: row.id }).toEqual({ created: false, id: first.id })

  const spam = await (await handle(post({ ...guideBody, website: 'filled' }))).json()
  const old = await (await handle(post({ ...guideBody, website: 'filled' }))).json()
  await database().db.query(
    "update contact_requests set created_at = now() - interval '40 days' where id = $1",
    [old.id],
  )
  expect((await store.listContactRequests({ status: 'spam' })).map((r) => r.id).sort()).toEqual(
    [spam.id, old.id].sort(),
  )
  const deps = { store, mail, logger: capturingLogger() }
  expect(await releaseSpam(spam.id, deps)).toMatchObject({
    released: true,
    delivery: { status: 'sent', transport: 'recording' },
  })
  expect(await store.purgeSpam(30)).toBe(1)
  expect(await store.listContactRequests({ status: 'spam' })).toEqual([])
  expect(await store.listContactRequests()).toHaveLength(2)
})

it('holds mails past the hour budget and releases them through the SQL functions the next hour', async () => {
  let now = new Date('2026-11-25T09:10:00Z')
  const mail = recordingMail()
  const { handle, store, settled } = supabaseHandler(mail, {
    config: { mailBudgetPerHour: 2, unverifiedMailBudgetPerHour: 1 },
    clock: () => now,
  })
  for (let index = 0; index < 4; index++)
    expect((await handle(post(contactBody, { address: `192.0.2.${index + 1}` }))).status).toBe(200)
  await settled()
  expect(mail.sent).toHaveLength(2)
  expect((await store.listContactRequests({ status: 'held' })).length).toBe(2)

  now = new Date('2026-11-25T10:00:01Z')
  expect((await handle(post(contactBody, { address: '192.0.2.9' }))).status).toBe(200)
  await settled()
  // The new hour's budget of 2: this request's mail and the oldest held one.
  expect(mail.sent).toHaveLength(4)
  expect((await store.listContactRequests({ status: 'held' })).length).toBe(1)
  expect((await store.listContactRequests({ status: 'sent' })).length).toBe(4)
})

it('the scheduled pass retries, counts and purges through the SQL functions', async () => {
  const token = 'scheduled-'.padEnd(48, 'x')
  let now = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 600_000)
  let failing = true
  const sent: string[] = []
  const mail: MailTransport = {
    name: 'flaky',
    delivers: true,
    send(outgoing) {
      if (failing) return Promise.reject(new Error('provider is down'))
      sent.push(outgoing.idempotencyKey!)
      return Promise.resolve()
    },
  }
  const { handle, store, settled } = supabaseHandler(mail, {
    config: { releaseHeldToken: token },
    clock: () => now,
  })
  const { id } = await (await handle(post(contactBody))).json()
  const [failed] = await store.listContactRequests()
  expect(failed).toMatchObject({
    status: 'failed',
    attempts: 1,
    lastError: 'Error: provider is down',
  })
  expect(failed!.nextAttemptAt).toBe(new Date(now.getTime() + 300_000).toISOString())

  const scheduled = (method: 'GET' | 'POST') =>
    handle(
      new Request('http://localhost/functions/v1/send-contact-email', {
        method,
        headers: { 'x-release-held-token': token },
        ...(method === 'POST' ? { body: '{}' } : {}),
      }),
    )
  await database().db.query(
    "update contact_requests set created_at = created_at - interval '2 hours' where id = $1",
    [id],
  )
  const counts = await scheduled('GET')
  expect(await counts.json()).toMatchObject({
    unsentOverAnHour: { failed: 1, held: 0, received: 0 },
    gaveUp: 0,
    oldestUnsentAt: expect.any(String),
  })

  failing = false
  now = new Date(now.getTime() + 300_000)
  seen.length = 0
  expect((await scheduled('POST')).status).toBe(202)
  await settled()
  expect(sent).toEqual([`contact-request/${id}`])
  expect(await store.listContactRequests()).toMatchObject([
    { id, status: 'sent', attempts: 2, nextAttemptAt: null },
  ])
  expect(seen.map((call) => call.path)).toContain('/rest/v1/rpc/claim_contact_retry')

  // Mailed 31 days ago, past a retention of 30 days.
  await database().db.query(
    "update contact_requests set created_at = now() - interval '31 days' where id = $1",
    [id],
  )
  expect(await store.purgeSentBefore(new Date(Date.now() - 30 * 86_400_000))).toBe(1)
  expect(await store.listContactRequests()).toEqual([])
})
