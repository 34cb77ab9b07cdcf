// Loads the real handler module under Deno, the runtime Supabase runs it on, with an in-memory
// store, and checks the main paths end to end through web-standard Request/Response.
import assert from 'node:assert/strict'
import { composeRequestMessage } from '../../supabase/functions/_shared/contact-request.ts'
import {
  hostedHandlerConfig,
  type HandlerConfig,
} from '../../supabase/functions/send-contact-email/config.ts'
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
  const mailsInHour = new Map<string, number>()
  const take = (hour: string, max: number) => {
    const used = mailsInHour.get(hour) ?? 0
    if (used >= max) return false
    mailsInHour.set(hour, used + 1)
    return true
  }
  const byRequestId = (requestId: string) => rows.find((row) => row.requestId === requestId) ?? null
  return {
    rows,
    hitRateLimit(clientHash, limit) {
      const count = (hits.get(clientHash) ?? 0) + 1
      hits.set(clientHash, count)
      return Promise.resolve(count > limit.max ? limit.windowSeconds : 0)
    },
    takeMailBudget: (hour, max) => Promise.resolve(take(hour, max)),
    releaseHeld(budget, _now) {
      const used = mailsInHour.get(budget.hour) ?? 0
      const row = rows.find(
        (candidate) =>
          candidate.status === 'held' && (candidate.antiBotFields || used < budget.unverifiedMax),
      )
      if (!row || !take(budget.hour, budget.max)) return Promise.resolve(null)
      row.status = 'received'
      return Promise.resolve(row)
    },
    findByRequestId: (requestId) => Promise.resolve(byRequestId(requestId)),
    insertContactRequest(request) {
      const first = request.requestId ? byRequestId(request.requestId) : null
      if (first) return Promise.resolve({ row: first, created: false })
      const row: StoredContactRequest = {
        ...request,
        id: crypto.randomUUID(),
        createdAt: new Date().toISOString(),
        attempts: 0,
        transport: null,
        lastError: null,
        nextAttemptAt: null,
      }
      rows.push(row)
      return Promise.resolve({ row, created: true })
    },
    recordDelivery(id, outcome) {
      const row = rows.find((candidate) => candidate.id === id)!
      row.attempts++
      row.status = outcome.status
      row.transport = outcome.transport
      row.lastError = outcome.status === 'failed' ? outcome.error : null
      row.nextAttemptAt = outcome.status === 'failed' ? outcome.nextAttemptAt : null
      return Promise.resolve()
    },
    // The scheduled retry's claim, for failed rows that are due (the SQL function does the rest).
    claimRetry({ budget, now, skip }) {
      const row = rows.find(
        (candidate) =>
          candidate.status === 'failed' &&
          candidate.nextAttemptAt !== null &&
          candidate.nextAttemptAt <= now.toISOString() &&
          !skip.includes(candidate.id),
      )
      if (!row || (budget && !take(budget.hour, budget.max))) return Promise.resolve(null)
      row.status = 'received'
      return Promise.resolve(row)
    },
    unsentCounts() {
      return Promise.reject(new Error('not used under Deno'))
    },
    purgeSentBefore() {
      return Promise.resolve(0)
    },
    listContactRequests() {
      return Promise.resolve([...rows].reverse())
    },
    releaseSpam() {
      return Promise.reject(new Error('not used under Deno'))
    },
    purgeSpam() {
      return Promise.resolve(0)
    },
  }
}

const config: HandlerConfig = {
  allowedOrigins: ['http://localhost:3000'],
  minSubmitMs: 1000,
  rateLimit: { max: 2, windowSeconds: 600 },
  unverifiedRateLimitMax: 2,
  mailBudgetPerHour: 100,
  unverifiedMailBudgetPerHour: 100,
  maxBodyBytes: 64 * 1024,
  clientHashSalt: 'test',
  trustedProxyHops: 1,
  clientAddressHeader: 'x-forwarded-for',
  releaseHeldToken: null,
  storeTimeoutMs: 200,
  leadRetentionDays: 365,
}

function setup(mail?: MailTransport, overrides: Partial<HandlerConfig> = {}, clock?: () => Date) {
  const store = createMemoryStore()
  const sent: OutgoingMail[] = []
  const transport: MailTransport = mail ?? {
    name: 'memory',
    delivers: true,
    send: (outgoing) => {
      sent.push(outgoing)
      return Promise.resolve()
    },
  }
  const background: Promise<unknown>[] = []
  const handle = createHandler({
    store,
    mail: transport,
    config: { ...config, ...overrides },
    logger: silentLogger,
    clock,
    waitUntil: (work) => background.push(work),
  })
  return { store, sent, handle, settled: () => Promise.all(background) }
}

/** A JSON POST of `body` as it stands (bytes or text, valid or not), with only `headers` besides. */
const rawPost = (body: BodyInit, headers: Record<string, string> = {}, url = 'http://localhost/') =>
  new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })

/** The form's POST: `body` as JSON, from the site's origin and a visitor's address. */
const post = (body: unknown, headers: Record<string, string> = {}) =>
  rawPost(
    JSON.stringify(body),
    { origin: 'http://localhost:3000', 'x-forwarded-for': '203.0.113.7', ...headers },
    'http://localhost/functions/v1/send-contact-email',
  )

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

Deno.test(
  'keeps the page path the form sent, joined to the site origin, and mails it',
  async () => {
    const { store, sent, handle } = setup()
    const headers = { referer: 'http://localhost:3000/' }
    const response = await handle(post({ ...valid, pagePath: '/resources/guides' }, headers))
    assert.equal(response.status, 200)
    assert.equal(store.rows[0].page, 'http://localhost:3000/resources/guides')
    assert.match(sent[0].text, /\nPage: http:\/\/localhost:3000\/resources\/guides\n/)
    // A path of another shape is dropped, never refused: the Referer says what it can.
    const other = await handle(
      post({ ...valid, pagePath: '/a?b' }, { ...headers, 'x-forwarded-for': '203.0.113.8' }),
    )
    assert.equal(other.status, 200)
    assert.equal(store.rows[1].page, 'http://localhost:3000/')
  },
)

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

Deno.test('accepts the spec body alone, with or without Origin', async () => {
  const { store, sent, handle } = setup()
  const spec = { name: 'Ada', email: 'ada@example.com', phone: '', message: 'Hello' }
  assert.equal((await handle(post(spec))).status, 200)
  const request = post(spec, { 'x-forwarded-for': '203.0.113.8' })
  request.headers.delete('origin')
  assert.equal((await handle(request)).status, 200)
  assert.equal(store.rows.length, 2)
  assert.equal(sent.length, 2)
})

Deno.test('refuses invalid UTF-8 with a 400 saying so', async () => {
  const { store, handle } = setup()
  const bytes = new TextEncoder().encode(JSON.stringify({ ...valid, name: 'AdXX' }))
  const at = bytes.indexOf(0x58)
  bytes[at] = 0xff
  const response = await handle(rawPost(bytes))
  assert.equal(response.status, 400)
  assert.equal((await response.json()).error, 'Body is not valid UTF-8')
  assert.equal(store.rows.length, 0)
})

Deno.test('keeps a honeypot hit as spam, unmailed; a repeated requestId is one row', async () => {
  const { store, sent, handle } = setup()
  const spam = await handle(post({ ...valid, website: 'x' }))
  assert.equal(spam.status, 200)
  assert.equal(store.rows[0].status, 'spam')
  assert.equal(store.rows[0].spamReason, 'honeypot')
  assert.equal(sent.length, 0)
  const body = { ...valid, requestId: crypto.randomUUID() }
  const first = await (await handle(post(body, { 'x-forwarded-for': '203.0.113.9' }))).json()
  const again = await (await handle(post(body, { 'x-forwarded-for': '203.0.113.9' }))).json()
  assert.deepEqual(again, first)
  assert.equal(store.rows.length, 2)
  assert.equal(sent.length, 1)
})

Deno.test('database down: mailed as not stored; mail down too: 503', async () => {
  const { store, sent, handle } = setup()
  store.insertContactRequest = () => new Promise(() => {}) // hangs past storeTimeoutMs
  const mailed = await handle(post(valid))
  assert.equal(mailed.status, 200)
  assert.equal((await mailed.json()).stored, false)
  assert.match(sent[0].subject, /^\[NOT STORED\]/)
  const failing = setup({
    name: 'down',
    delivers: true,
    send: () => Promise.reject(new Error('down')),
  })
  failing.store.insertContactRequest = () => Promise.reject(new Error('refused'))
  const unavailable = await failing.handle(post(valid))
  assert.equal(unavailable.status, 503)
  assert.match((await unavailable.json()).error, /could not be stored or mailed/)
})

Deno.test('stores an autofill-speed request and rate-limits a third one', async () => {
  const { store, handle } = setup()
  const fast = await handle(post({ ...valid, elapsedMs: 10 }))
  assert.equal(fast.status, 200)
  assert.equal((await fast.json()).ok, true)
  assert.equal(store.rows.length, 1)
  assert.equal(store.rows[0].status, 'sent')
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

Deno.test(
  'the hosted configuration takes the last X-Forwarded-For entry, not a forged first one',
  async () => {
    // The hosted limits; the test posts from a local origin, which a hosted list refuses (http).
    const hosted = {
      ...hostedHandlerConfig(() => undefined),
      allowedOrigins: ['http://localhost:3000'],
    }
    const { store, handle } = setup(undefined, hosted)
    const statuses: number[] = []
    for (let index = 0; index < 8; index++) {
      const response = await handle(
        post(valid, { 'x-forwarded-for': `10.0.0.${index}, 198.51.100.7` }),
      )
      statuses.push(response.status)
      await response.body?.cancel()
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429])
    assert.equal(store.rows.length, 5)
  },
)

Deno.test('a lone surrogate escape is a 400 naming the field', async () => {
  const { store, handle } = setup()
  const json = JSON.stringify({ ...valid, name: 'PLACEHOLDER' }).replace(
    'PLACEHOLDER',
    'Ada\\ud800',
  )
  const response = await handle(rawPost(json))
  assert.equal(response.status, 400)
  assert.match((await response.json()).fields.name, /valid Unicode text/)
  assert.equal(store.rows.length, 0)
})

Deno.test(
  'past the mail budget: stored, answered, held; the next hour sends it after answering',
  async () => {
    let now = new Date('2026-11-25T09:10:00Z')
    const { store, sent, handle, settled } = setup(
      undefined,
      { mailBudgetPerHour: 2, unverifiedMailBudgetPerHour: 2 },
      () => now,
    )
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      const response = await handle(post(valid, { 'x-forwarded-for': address }))
      assert.equal(response.status, 200)
      await response.body?.cancel()
    }
    await settled()
    assert.deepEqual(
      store.rows.map((row) => row.status),
      ['sent', 'sent', 'held'],
    )
    assert.equal(sent.length, 2)

    now = new Date('2026-11-25T10:00:00Z')
    const spec = { name: 'Ada', email: 'ada@example.com', phone: '', message: 'Hello' }
    const response = await handle(post(spec, { 'x-forwarded-for': '203.0.113.9' }))
    assert.equal(response.status, 200)
    await response.body?.cancel()
    await settled()
    assert.equal(store.rows[3].antiBotFields, false)
    assert.deepEqual(
      store.rows.map((row) => row.status),
      ['sent', 'sent', 'sent', 'sent'],
    )
    assert.equal(sent.length, 4)
  },
)

Deno.test(
  'a failed Resend call is retried by the scheduled call with the same Idempotency-Key',
  async () => {
    let now = new Date('2026-11-25T09:10:00Z')
    const token = 'r'.repeat(40)
    const keys: (string | null)[] = []
    let answer = 503
    const resendFetch: typeof fetch = (_url, init) => {
      keys.push(new Headers(init?.headers).get('idempotency-key'))
      return Promise.resolve(new Response('{"id":"re_1"}', { status: answer }))
    }
    const { store, handle, settled } = setup(
      createResendMailTransport({
        apiKey: 'k',
        to: ['team@example.com'],
        from: 'site@example.com',
        fetch: resendFetch,
      }),
      { releaseHeldToken: token },
      () => now,
    )
    const response = await handle(post(valid))
    await response.body?.cancel()
    assert.equal(store.rows[0].status, 'failed')
    assert.equal(store.rows[0].nextAttemptAt, '2026-11-25T09:15:00.000Z')

    answer = 200
    now = new Date('2026-11-25T09:15:00Z')
    const scheduled = await handle(rawPost('{}', { 'x-release-held-token': token }))
    assert.equal(scheduled.status, 202)
    await scheduled.body?.cancel()
    await settled()
    assert.equal(store.rows[0].status, 'sent')
    assert.equal(store.rows[0].attempts, 2)
    assert.deepEqual(keys, [
      `contact-request/${store.rows[0].id}`,
      `contact-request/${store.rows[0].id}`,
    ])
  },
)
