// Loads the real handler module under Deno, the runtime Supabase runs it on, with an in-memory
// store, and checks the main paths end to end through web-standard Request/Response.
import assert from 'node:assert/strict'
import { composeRequestMessage } from '../../supabase/functions/_shared/contact-request.ts'
import type { HandlerConfig } from '../../supabase/functions/send-contact-email/config.ts'
import { createHandler } from '../../supabase/functions/send-contact-email/handler.ts'
import type {
  LeadStore,
  StoredContactRequest,
} from '../../supabase/functions/send-contact-email/lead-store.ts'
import { silentLogger } from '../../supabase/functions/send-contact-email/logger.ts'
import type {
  MailTransport,
  OutgoingMail,
} from '../../supabase/functions/send-contact-email/mail-transport.ts'
import { createResendMailTransport } from '../../supabase/functions/send-contact-email/resend-mail-transport.ts'

function createMemoryStore(): LeadStore & { rows: StoredContactRequest[] } {
  const rows: StoredContactRequest[] = []
  const hits = new Map<string, number>()
  return {
    rows,
    hitRateLimit(clientHash, limit) {
      const count = (hits.get(clientHash) ?? 0) + 1
      hits.set(clientHash, count)
      return Promise.resolve(count > limit.max ? limit.windowSeconds : 0)
    },
    insertContactRequest(request) {
      const row: StoredContactRequest = {
        ...request,
        id: crypto.randomUUID(),
        createdAt: new Date().toISOString(),
        status: 'received',
        attempts: 0,
        lastError: null,
      }
      rows.push(row)
      return Promise.resolve(row)
    },
    recordDelivery(id, outcome) {
      const row = rows.find((candidate) => candidate.id === id)!
      row.attempts++
      row.status = outcome.ok ? 'sent' : 'failed'
      row.lastError = outcome.ok ? null : outcome.error
      return Promise.resolve()
    },
    listContactRequests() {
      return Promise.resolve([...rows].reverse())
    },
  }
}

const config: HandlerConfig = {
  allowedOrigins: ['http://localhost:3000'],
  minSubmitMs: 1000,
  rateLimit: { max: 2, windowSeconds: 600 },
  maxBodyBytes: 64 * 1024,
  clientHashSalt: 'test',
  clientAddressHeader: 'x-forwarded-for',
}

function setup(mail?: MailTransport) {
  const store = createMemoryStore()
  const sent: OutgoingMail[] = []
  const transport: MailTransport = mail ?? {
    name: 'memory',
    send: (outgoing) => {
      sent.push(outgoing)
      return Promise.resolve()
    },
  }
  const handle = createHandler({ store, mail: transport, config, logger: silentLogger })
  return { store, sent, handle }
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('http://localhost/functions/v1/send-contact-email', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost:3000',
      'x-forwarded-for': '203.0.113.7',
      ...headers,
    },
    body: JSON.stringify(body),
  })

const valid = {
  name: 'Ada',
  email: 'ada@example.com',
  phone: '',
  message: composeRequestMessage({
    kind: 'scorecard',
    title: 'Backend Engineer',
    company: '',
    message: 'Please send it',
  }),
  website: '',
  elapsedMs: 4000,
}

Deno.test('stores then mails a scorecard request and answers ok with the row id', async () => {
  const { store, sent, handle } = setup()
  const response = await handle(post(valid))
  assert.equal(response.status, 200)
  assert.equal(response.headers.get('access-control-allow-origin'), 'http://localhost:3000')
  const body = await response.json()
  assert.equal(body.ok, true)
  assert.equal(body.id, store.rows[0].id)
  assert.equal(store.rows[0].kind, 'scorecard')
  assert.equal(store.rows[0].title, 'Backend Engineer')
  assert.equal(store.rows[0].company, null)
  assert.equal(store.rows[0].status, 'sent')
  assert.notEqual(store.rows[0].clientHash, '203.0.113.7')
  assert.equal(sent.length, 1)
})

Deno.test('answers the CORS preflight for an allowed origin and refuses another', async () => {
  const { handle } = setup()
  const preflight = await handle(
    new Request('http://localhost/', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000' },
    }),
  )
  assert.equal(preflight.status, 204)
  assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /apikey/)
  const refused = await handle(post(valid, { origin: 'https://evil.example' }))
  assert.equal(refused.status, 403)
  assert.equal(refused.headers.get('access-control-allow-origin'), null)
})

Deno.test('names the bad fields in a 400 and stores nothing', async () => {
  const { store, handle } = setup()
  const response = await handle(post({ ...valid, email: 'not-an-address', name: '   ' }))
  assert.equal(response.status, 400)
  const body = await response.json()
  assert.equal(body.fields.email, 'Invalid email address')
  assert.equal(body.fields.name, 'Name is required')
  assert.equal(store.rows.length, 0)
})

Deno.test('drops a too-fast submission silently and rate-limits a third one', async () => {
  const { store, handle } = setup()
  const fast = await handle(post({ ...valid, elapsedMs: 10 }))
  assert.equal(fast.status, 200)
  assert.equal((await fast.json()).ok, true)
  assert.equal(store.rows.length, 0)
  assert.equal((await handle(post(valid))).status, 200)
  assert.equal((await handle(post(valid))).status, 200)
  const limited = await handle(post(valid))
  assert.equal(limited.status, 429)
  assert.equal(limited.headers.get('retry-after'), '600')
  await limited.body?.cancel()
})

Deno.test('a failing Resend call keeps the row, marks it failed and still answers ok', async () => {
  const failingFetch: typeof fetch = () =>
    Promise.resolve(new Response('{"message":"down"}', { status: 503 }))
  const { store, handle } = setup(
    createResendMailTransport({
      apiKey: 'k',
      to: ['team@example.com'],
      from: 'site@example.com',
      fetch: failingFetch,
    }),
  )
  const response = await handle(post(valid))
  assert.equal(response.status, 200)
  assert.equal((await response.json()).ok, true)
  assert.equal(store.rows[0].status, 'failed')
  assert.match(store.rows[0].lastError ?? '', /503/)
})

Deno.test('serves real HTTP through Deno.serve the way index.ts wires it', async () => {
  const { store, handle } = setup()
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, (request, info) =>
    handle(request, { clientAddress: info.remoteAddr.hostname }),
  )
  const url = `http://127.0.0.1:${server.addr.port}/send-contact-email`
  try {
    const ok = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify(valid),
    })
    assert.equal(ok.status, 200)
    assert.equal((await ok.json()).id, store.rows[0].id)

    const tooLarge = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ ...valid, message: 'x'.repeat(70_000) }),
    })
    assert.equal(tooLarge.status, 413)
    await tooLarge.body?.cancel()

    const wrongType = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'http://localhost:3000' },
      body: 'hello',
    })
    assert.equal(wrongType.status, 415)
    await wrongType.body?.cancel()
    assert.equal(store.rows.length, 1)
  } finally {
    await server.shutdown()
  }
})
