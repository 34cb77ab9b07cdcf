import { describe, expect, it } from 'vitest'
import {
  releaseSpam,
  retryContactRequests,
} from '../../../../../supabase/functions/send-contact-email/deliver.ts'
import { UNAVAILABLE_ERROR } from '../../../../../supabase/functions/send-contact-email/handler.ts'
import type { LeadStore } from '../../../../../supabase/functions/send-contact-email/lead-store.ts'
import type { MailTransport } from '../../../../../supabase/functions/send-contact-email/mail-transport.ts'
import {
  ALLOWED_ORIGIN,
  capturingLogger,
  contactBody,
  countRows,
  expectAccepted,
  failingMail,
  fakeClock,
  guideBody,
  handlerOn,
  logOnlyMail,
  post,
  recordingMail,
  scorecardBody,
  specBody,
  withTestDatabase,
} from '../../../helpers/function-fixtures.ts'

const database = withTestDatabase()

describe('valid requests of each kind', () => {
  it.each([
    ['contact', contactBody, null, null],
    ['guide', guideBody, 'System Design Interview Guide', 'Acme Corp'],
    ['scorecard', scorecardBody, 'DevOps Engineer Scorecard', null],
  ])(
    'stores a %s request before mailing it and answers { ok, id }',
    async (kind, body, title, company) => {
      const { handle, store, mail } = handlerOn(database())
      const response = await handle(post(body))
      const answer = await expectAccepted(response)

      const [row] = await store.listContactRequests()
      expect(row).toMatchObject({
        id: answer.id,
        kind,
        title,
        company,
        name: body.name,
        email: body.email,
        phone: body.phone,
        message: body.message.trim(),
        status: 'sent',
        attempts: 1,
        lastError: null,
        userAgent: 'vitest',
        page: 'http://localhost:3000/guides',
      })
      expect(row!.clientHash).toMatch(/^[0-9a-f]{64}$/)
      expect(mail.name).toBe('recording')
      expect((mail as ReturnType<typeof recordingMail>).sent).toHaveLength(1)
    },
  )

  it('trims every field before storing it', async () => {
    const { handle, store } = handlerOn(database())
    const response = await handle(
      post({
        ...contactBody,
        name: '  Grace  ',
        email: ' grace@example.com\t',
        phone: ' 123 ',
        message: '\n hello \n',
      }),
    )
    expect(response.status).toBe(200)
    const [row] = await store.listContactRequests()
    expect(row).toMatchObject({
      name: 'Grace',
      email: 'grace@example.com',
      phone: '123',
      message: 'hello',
    })
  })

  it('accepts a missing phone and a missing honeypot as empty', async () => {
    const { handle, store } = handlerOn(database())
    const body: Partial<typeof contactBody> = { ...contactBody }
    delete body.phone
    delete body.website
    expect((await handle(post(body))).status).toBe(200)
    expect((await store.listContactRequests())[0]!.phone).toBe('')
  })

  it('writes the row before the mail is attempted', async () => {
    let rowsWhenMailed = -1
    const { handle } = handlerOn(database(), {
      mail: {
        name: 'inspecting',
        delivers: true,
        async send() {
          rowsWhenMailed = await countRows(database())
        },
      },
    })
    expect((await handle(post(contactBody))).status).toBe(200)
    expect(rowsWhenMailed).toBe(1)
  })
})

describe('invalid fields answer 400 naming the field, and store nothing', () => {
  const long = (length: number) => 'x'.repeat(length)
  it.each([
    ['name', { name: '' }, 'Name is required'],
    ['name', { name: '    ' }, 'Name is required'],
    ['name', { name: undefined }, 'Name is required'],
    ['name', { name: 42 }, 'Name must be text'],
    ['name', { name: long(201) }, 'Name must be at most 200 characters'],
    ['name', { name: 'Ada\u0000' }, 'Name must not contain control characters'],
    ['name', { name: 'Ada\nBcc: x' }, 'Name must not contain control characters'],
    ['message', { message: 'hi\u0000there' }, 'Message must not contain control characters'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'grace@example' }, 'Invalid email address'],
    ['email', { email: 'grace.example.com' }, 'Invalid email address'],
    ['email', { email: 'grace@example.c' }, 'Invalid email address'],
    ['email', { email: `${long(310)}@example.com` }, 'Email must be at most 320 characters'],
    ['phone', { phone: long(51) }, 'Phone must be at most 50 characters'],
    ['phone', { phone: null }, 'Phone must be text'],
    ['message', { message: '' }, 'Message is required'],
    ['message', { message: long(5001) }, 'Message must be at most 5000 characters'],
    [
      'message',
      { message: `Guide Request: T\nCompany: Acme\nMessage: ${long(5001)}` },
      'Message must be at most 5000 characters',
    ],
    [
      'company',
      { message: `Guide Request: T\nCompany: ${long(201)}\nMessage: hi` },
      'Company must be at most 200 characters',
    ],
    ['website', { website: 7 }, 'website must be text'],
    ['elapsedMs', { elapsedMs: '9000' }, 'elapsedMs must be a number'],
    ['requestId', { requestId: 'not-a-uuid' }, 'requestId must be a UUID'],
    ['requestId', { requestId: 12 }, 'requestId must be a UUID'],
    ['elapsedMs', { elapsedMs: -1 }, 'elapsedMs must not be negative'],
  ])('%s %j', async (field, change, message) => {
    const { handle, mail } = handlerOn(database())
    const response = await handle(post({ ...contactBody, ...change }))
    expect(response.status).toBe(400)
    const answer = await response.json()
    expect(answer.error).toBe('Invalid request')
    expect(answer.fields[field]).toBe(message)
    expect(await countRows(database())).toBe(0)
    expect((mail as ReturnType<typeof recordingMail>).sent).toHaveLength(0)
  })

  it('a guide request may leave company and message empty, but the contact form may not', async () => {
    const { handle } = handlerOn(database())
    expect((await handle(post(scorecardBody))).status).toBe(200)
  })

  it('invalid UTF-8 is a 400 saying so, not a lead with replacement characters', async () => {
    const { handle } = handlerOn(database())
    const json = new TextEncoder().encode(JSON.stringify({ ...specBody, name: 'AdXX' }))
    const at = json.indexOf(0x58) // the first "X"
    json[at] = 0xc3 // a lead byte of a two-byte sequence ...
    json[at + 1] = 0x28 // ... followed by "(", which cannot continue it
    const response = await handle(post(json, { raw: true }))
    expect(response.status).toBe(400)
    const answer = await response.json()
    expect(answer.error).toBe('Body is not valid UTF-8')
    expect(answer.fields.body).toMatch(/UTF-8/)
    expect(await countRows(database())).toBe(0)
  })

  it('a body in UTF-8 with a byte-order mark and non-ASCII names is accepted as written', async () => {
    const { handle, store } = handlerOn(database())
    const json = new TextEncoder().encode(
      `\uFEFF${JSON.stringify({ ...specBody, name: 'Zoë Ørsted' })}`,
    )
    const response = await handle(post(json, { raw: true }))
    expect(response.status).toBe(200)
    expect((await store.listContactRequests())[0]!.name).toBe('Zoë Ørsted')
  })

  it.each([
    ['not JSON', '{"name":', 'Body is not valid JSON'],
    ['a JSON array', '[1,2]', 'Invalid request'],
    ['JSON null', 'null', 'Invalid request'],
    ['an empty body', '', 'Body is not valid JSON'],
  ])('%s is a 400 with a body error', async (_label, raw, error) => {
    const { handle } = handlerOn(database())
    const response = await handle(post(raw, { raw: true }))
    expect(response.status).toBe(400)
    const answer = await response.json()
    expect(answer.error).toBe(error)
    expect(answer.fields.body).toBeTruthy()
    expect(await countRows(database())).toBe(0)
  })
})

describe('transport rules', () => {
  it('answers 413 for a body over the limit, declared or streamed', async () => {
    const { handle } = handlerOn(database(), { config: { maxBodyBytes: 1024 } })
    const big = JSON.stringify({ ...contactBody, message: 'y'.repeat(2000) })
    const declared = await handle(
      post(big, { raw: true, headers: { 'content-length': String(big.length) } }),
    )
    expect(declared.status).toBe(413)

    const encoder = new TextEncoder()
    const streamed = new Request('http://localhost/functions/v1/send-contact-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ALLOWED_ORIGIN },
      body: new ReadableStream({
        start(controller) {
          for (let chunk = 0; chunk < 10; chunk++)
            controller.enqueue(encoder.encode('z'.repeat(500)))
          controller.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    const answer = await handle(streamed)
    expect(answer.status).toBe(413)
    expect((await answer.json()).error).toMatch(/at most 1024 bytes/)
    expect(await countRows(database())).toBe(0)
  })

  it.each([
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    '',
  ])('answers 415 for content type %j', async (contentType) => {
    const { handle } = handlerOn(database())
    const response = await handle(post(contactBody, { headers: { 'content-type': contentType } }))
    expect(response.status).toBe(415)
    expect(await countRows(database())).toBe(0)
  })

  it('accepts a JSON content type with a charset parameter', async () => {
    const { handle } = handlerOn(database())
    const response = await handle(
      post(contactBody, { headers: { 'content-type': 'Application/JSON; charset=utf-8' } }),
    )
    expect(response.status).toBe(200)
  })

  it('answers 405 with Allow for other methods', async () => {
    const { handle } = handlerOn(database())
    const response = await handle(
      new Request('http://localhost/functions/v1/send-contact-email', {
        headers: { origin: ALLOWED_ORIGIN },
      }),
    )
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST, OPTIONS')
  })
})

describe('CORS', () => {
  it('answers the preflight of an allowed origin with the supabase-js headers', async () => {
    const { handle } = handlerOn(database())
    const response = await handle(
      new Request('http://localhost/functions/v1/send-contact-email', {
        method: 'OPTIONS',
        headers: {
          origin: 'http://127.0.0.1:3000',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
        },
      }),
    )
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000')
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    for (const header of ['authorization', 'x-client-info', 'apikey', 'content-type']) {
      expect(response.headers.get('access-control-allow-headers')).toContain(header)
    }
    expect(response.headers.get('vary')).toBe('Origin')
  })

  it('echoes an allowed origin on the answer', async () => {
    const { handle } = handlerOn(database())
    const response = await handle(post(contactBody))
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN)
  })

  it('refuses another origin, for the preflight and the POST, and stores nothing', async () => {
    const { handle } = handlerOn(database())
    const preflight = await handle(
      new Request('http://localhost/x', {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example' },
      }),
    )
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    const response = await handle(
      post(contactBody, { headers: { origin: 'https://evil.example' } }),
    )
    expect(response.status).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(await countRows(database())).toBe(0)
  })

  it('serves a request without Origin (not a browser cross-origin call) without CORS headers', async () => {
    const { handle } = handlerOn(database())
    const response = await handle(post(contactBody, { headers: { origin: '' } }))
    expect(response.status).toBe(403)
    const request = post(contactBody)
    request.headers.delete('origin')
    const noOrigin = await handle(request)
    expect(noOrigin.status).toBe(200)
    expect(noOrigin.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe("the spec's body, and nothing else (issue 13, item 1)", () => {
  it.each([
    ['with an Origin header', { origin: ALLOWED_ORIGIN }],
    ['without an Origin header', {}],
  ])('is stored and mailed %s', async (_label, headers) => {
    const { handle, store, mail } = handlerOn(database())
    const request = post(specBody, { headers })
    if (!('origin' in headers)) request.headers.delete('origin')
    const response = await handle(request)
    const answer = await expectAccepted(response)
    const [row] = await store.listContactRequests()
    expect(row).toMatchObject({ id: answer.id, ...specBody, status: 'sent', spamReason: null })
    expect((mail as ReturnType<typeof recordingMail>).sent).toHaveLength(1)
  })

  it('no error ever names a field the client did not send', async () => {
    const { handle } = handlerOn(database())
    const response = await handle(post({ ...specBody, email: 'nope' }))
    expect(response.status).toBe(400)
    expect(Object.keys((await response.json()).fields)).toEqual(['email'])
  })
})

describe('the page a lead came from', () => {
  // What the browser sends across origins under strict-origin-when-cross-origin, as the site on
  // its domain does to the hosted function: the Origin, and a Referer of the origin alone.
  const crossOrigin = { origin: ALLOWED_ORIGIN, referer: `${ALLOWED_ORIGIN}/` }

  it('is the site’s origin and the page path the form sent, in the row and the mail', async () => {
    const { handle, store, mail } = handlerOn(database())
    const body = { ...guideBody, pagePath: '/resources/guides' }
    await expectAccepted(await handle(post(body, { headers: crossOrigin })))
    const [row] = await store.listContactRequests()
    expect(row!.page).toBe(`${ALLOWED_ORIGIN}/resources/guides`)
    // The path is no part of the message, whose three lines the spec fixes.
    expect(row!.message).toBe(guideBody.message)
    const sent = (mail as ReturnType<typeof recordingMail>).sent
    expect(sent[0]!.text).toContain(`\nPage: ${ALLOWED_ORIGIN}/resources/guides\n`)
  })

  it('is the page path under the base path the site is served from', async () => {
    const { handle, store } = handlerOn(database())
    const body = { ...contactBody, pagePath: '/repo/pr-12/contact' }
    await expectAccepted(await handle(post(body, { headers: crossOrigin })))
    expect((await store.listContactRequests())[0]!.page).toBe(
      `${ALLOWED_ORIGIN}/repo/pr-12/contact`,
    )
  })

  it.each([
    ['a query string', '/contact?utm_source=mail'],
    ['another site', 'https://evil.example/contact'],
    ['not text', 42],
    ['a dot-dot segment', '/resources/../admin'],
  ])('falls back to the Referer for %s, and keeps the lead', async (_label, pagePath) => {
    const { handle, store, mail } = handlerOn(database())
    await expectAccepted(await handle(post({ ...contactBody, pagePath }, { headers: crossOrigin })))
    const [row] = await store.listContactRequests()
    expect(row).toMatchObject({
      name: contactBody.name,
      email: contactBody.email,
      message: contactBody.message,
      status: 'sent',
    })
    expect(row!.page).toBe(`${ALLOWED_ORIGIN}/`)
    expect((mail as ReturnType<typeof recordingMail>).sent).toHaveLength(1)
  })

  it('is the Referer’s address without a page path, as the spec’s body and the local site give it', async () => {
    const { handle, store } = handlerOn(database())
    await expectAccepted(await handle(post(specBody)))
    expect((await store.listContactRequests())[0]!.page).toBe('http://localhost:3000/guides')
  })

  it('is never joined to an origin the site does not have: without an Origin, the Referer', async () => {
    const { handle, store } = handlerOn(database())
    const request = post(
      { ...contactBody, pagePath: '/contact' },
      { headers: { referer: 'https://elsewhere.example/page' } },
    )
    request.headers.delete('origin')
    await expectAccepted(await handle(request))
    expect((await store.listContactRequests())[0]!.page).toBe('https://elsewhere.example/page')
  })

  it('is kept in the mail sent when the database is down', async () => {
    const mail = recordingMail()
    const { handle, store } = handlerOn(database(), { mail })
    store.insertContactRequest = () => Promise.reject(new Error('connect ECONNREFUSED'))
    const body = { ...guideBody, requestId: crypto.randomUUID(), pagePath: '/resources/guides' }
    expect((await handle(post(body, { headers: crossOrigin }))).status).toBe(200)
    expect(mail.sent[0]!.text).toContain(`\nPage: ${ALLOWED_ORIGIN}/resources/guides\n`)
  })
})

describe('spam is kept, never mailed, and can be released (issue 16)', () => {
  it.each([
    ['a filled honeypot', { website: 'http://spam.example' }, 'honeypot'],
    [
      'a quick submission carrying a link',
      { elapsedMs: 200, message: 'Cheap pills at https://spam.example' },
      'quick_with_link',
    ],
  ])('%s is stored as spam with its reason, not mailed', async (_label, change, reason) => {
    const logger = capturingLogger()
    const { handle, mail, store } = handlerOn(database(), { logger })
    const response = await handle(post({ ...contactBody, ...change }))
    const answer = await expectAccepted(response)
    const [row] = await store.listContactRequests({ status: 'spam' })
    expect(row).toMatchObject({ id: answer.id, status: 'spam', spamReason: reason, attempts: 0 })
    expect((mail as ReturnType<typeof recordingMail>).sent).toHaveLength(0)
    expect(logger.lines.some((line) => line.event === 'contact_request.spam')).toBe(true)
  })

  it('an autofill-speed submission without a link is an ordinary lead, stored and mailed', async () => {
    const { handle, store, mail } = handlerOn(database())
    const response = await handle(post({ ...guideBody, elapsedMs: 900 }))
    expect(response.status).toBe(200)
    const [row] = await store.listContactRequests()
    expect(row).toMatchObject({ status: 'sent', spamReason: null, kind: 'guide' })
    expect((mail as ReturnType<typeof recordingMail>).sent).toHaveLength(1)
  })

  it('a link in a message sent at a human pace is an ordinary lead', async () => {
    const { handle, store } = handlerOn(database())
    const message = 'Our careers page: https://example.com/jobs'
    await handle(post({ ...contactBody, message, elapsedMs: 45_000 }))
    expect((await store.listContactRequests())[0]).toMatchObject({ status: 'sent' })
  })

  it('release turns spam into a request and mails it; purge deletes spam older than 30 days', async () => {
    const { handle, store } = handlerOn(database())
    const spam = await (await handle(post({ ...contactBody, website: 'x' }))).json()
    const old = await (await handle(post({ ...guideBody, website: 'y' }))).json()
    await handle(post(scorecardBody))
    await database().db.query(
      "update contact_requests set created_at = now() - interval '31 days' where id = $1",
      [old.id],
    )
    const mail = recordingMail()
    const deps = { store, mail, logger: capturingLogger() }
    expect(await releaseSpam(crypto.randomUUID(), deps)).toMatchObject({ released: false })
    const released = await releaseSpam(spam.id, deps)
    expect(released).toMatchObject({ released: true, delivery: { status: 'sent' } })
    expect(mail.sent).toHaveLength(1)
    expect(mail.sent[0]!.replyTo).toBe(contactBody.email)
    expect(await releaseSpam(spam.id, deps)).toMatchObject({ released: false })

    expect(await store.purgeSpam(30)).toBe(1)
    const rows = await store.listContactRequests()
    expect(rows.map((row) => row.id)).not.toContain(old.id)
    expect(rows.find((row) => row.id === spam.id)).toMatchObject({
      status: 'sent',
      spamReason: 'honeypot', // kept as history
    })
    expect(rows).toHaveLength(2)
    expect(await store.purgeSpam(30)).toBe(0)
  })
})

describe('a repeated requestId is the same request (issue 16)', () => {
  it('one row, one mail, and the first answer again', async () => {
    const { handle, mail } = handlerOn(database())
    const body = { ...contactBody, requestId: crypto.randomUUID() }
    const first = await (await handle(post(body))).json()
    const again = await handle(post(body))
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(first)
    expect(await countRows(database())).toBe(1)
    expect((mail as ReturnType<typeof recordingMail>).sent).toHaveLength(1)
  })

  it('holds when the copies arrive at the same moment, and is not counted by the rate limit', async () => {
    const { handle, mail } = handlerOn(database(), {
      config: { rateLimit: { max: 1, windowSeconds: 600 } },
    })
    const body = { ...contactBody, requestId: crypto.randomUUID() }
    const answers = await Promise.all(
      [1, 2, 3].map(() => handle(post(body, { address: '192.0.2.77' }))),
    )
    const bodies = await Promise.all(answers.map((answer) => answer.json()))
    const ids = new Set(bodies.filter((answer) => answer.ok).map((answer) => answer.id))
    expect(ids.size).toBe(1)
    expect(await countRows(database())).toBe(1)
    expect((mail as ReturnType<typeof recordingMail>).sent).toHaveLength(1)
    // Once stored, the repeat answers ok even though the client is over its limit.
    const later = await handle(post(body, { address: '192.0.2.77' }))
    expect(later.status).toBe(200)
    expect((await later.json()).id).toBe([...ids][0])
  })

  it('a spam request repeated is still one spam row', async () => {
    const { handle, store } = handlerOn(database())
    const body = { ...contactBody, website: 'x', requestId: crypto.randomUUID() }
    const first = await (await handle(post(body))).json()
    expect(await (await handle(post(body))).json()).toEqual(first)
    expect(await store.listContactRequests()).toHaveLength(1)
  })
})

describe('rate limit', () => {
  it('answers 429 with Retry-After after 5 requests from one client in 10 minutes', async () => {
    const { handle } = handlerOn(database())
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await handle(post(contactBody, { address: '192.0.2.10' }))).status).toBe(200)
    }
    const limited = await handle(post(contactBody, { address: '192.0.2.10' }))
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(590)
    expect(retryAfter).toBeLessThanOrEqual(600)
    expect((await limited.json()).error).toMatch(/too many/i)
    expect(await countRows(database())).toBe(5)
    // Another client is not affected.
    expect((await handle(post(contactBody, { address: '192.0.2.11' }))).status).toBe(200)
  })

  it('is held in the database, so it holds across handler instances', async () => {
    const first = handlerOn(database())
    const second = handlerOn(database())
    for (let attempt = 0; attempt < 5; attempt++) {
      const instance = attempt % 2 === 0 ? first : second
      expect((await instance.handle(post(contactBody, { address: '192.0.2.20' }))).status).toBe(200)
    }
    expect((await second.handle(post(contactBody, { address: '192.0.2.20' }))).status).toBe(429)
    const { rows } = await database().db.query<{ hits: number }>(
      'select hits from contact_rate_limits',
    )
    expect(rows).toEqual([{ hits: 6 }])
  })

  it('opens again when the window has passed', async () => {
    const { handle } = handlerOn(database(), {
      config: { rateLimit: { max: 1, windowSeconds: 600 } },
    })
    expect((await handle(post(contactBody, { address: '192.0.2.30' }))).status).toBe(200)
    expect((await handle(post(contactBody, { address: '192.0.2.30' }))).status).toBe(429)
    await database().db.exec(
      "update contact_rate_limits set window_started_at = now() - interval '11 minutes'",
    )
    expect((await handle(post(contactBody, { address: '192.0.2.30' }))).status).toBe(200)
  })

  it('never stores the raw client address', async () => {
    const { handle } = handlerOn(database())
    await handle(post(contactBody, { address: '192.0.2.99' }))
    const { rows } = await database().db.query<{ dump: string }>(
      'select (select json_agg(c)::text from contact_requests c) || (select json_agg(r)::text from contact_rate_limits r) as dump',
    )
    expect(rows[0]!.dump).not.toContain('192.0.2.99')
  })
})

describe('mail failure and retry', () => {
  it('keeps the row, marks it failed and still answers { ok: true, id }', async () => {
    const logger = capturingLogger()
    const { handle, store } = handlerOn(database(), { mail: failingMail('smtp exploded'), logger })
    const response = await handle(post(guideBody))
    const answer = await expectAccepted(response)
    const [row] = await store.listContactRequests()
    expect(row).toMatchObject({
      id: answer.id,
      status: 'failed',
      attempts: 1,
      lastError: 'Error: smtp exploded',
    })
    const failure = logger.lines.find((line) => line.event === 'mail.failed')
    expect(failure?.fields.requestId).toBe(response.headers.get('x-request-id'))
  })

  it('without a mail provider the row says logged, not sent, and names the transport', async () => {
    const { handle, store } = handlerOn(database(), { mail: logOnlyMail() })
    expect((await handle(post(contactBody))).status).toBe(200)
    expect((await store.listContactRequests())[0]).toMatchObject({
      status: 'logged',
      transport: 'log',
      attempts: 1,
    })
  })

  it('retry leaves logged rows alone while only the log is configured, and sends them once a provider is', async () => {
    const logged = handlerOn(database(), { mail: logOnlyMail() })
    await logged.handle(post(contactBody))
    const failing = handlerOn(database(), { mail: failingMail() })
    await failing.handle(post(guideBody))

    const deps = { store: logged.store, logger: capturingLogger() }
    const retryWith = (mail: MailTransport) => retryContactRequests({ ...deps, mail })
    expect(await retryWith(logOnlyMail())).toEqual({ attempted: 1, sent: 0, logged: 1, failed: 0 })
    const provider = recordingMail()
    expect(await retryWith(provider)).toEqual({ attempted: 2, sent: 2, logged: 0, failed: 0 })
    expect(provider.sent).toHaveLength(2)
    const rows = await logged.store.listContactRequests()
    expect(rows.map((row) => [row.status, row.transport])).toEqual([
      ['sent', 'recording'],
      ['sent', 'recording'],
    ])
    expect(await retryContactRequests({ ...deps, mail: provider })).toMatchObject({ attempted: 0 })
  })

  it('retry resends failed rows only and marks them sent', async () => {
    const failing = handlerOn(database(), { mail: failingMail() })
    await failing.handle(post(contactBody))
    await failing.handle(post(guideBody))
    const working = handlerOn(database())
    await working.handle(post(scorecardBody))

    const mail = recordingMail()
    const report = await retryContactRequests({
      store: working.store,
      mail,
      logger: capturingLogger(),
    })
    expect(report).toEqual({ attempted: 2, sent: 2, logged: 0, failed: 0 })
    expect(mail.sent.map((sent) => sent.replyTo)).toEqual([
      'grace@example.com',
      'grace@example.com',
    ])
    expect(mail.sent[1]!.subject).toContain('System Design Interview Guide')
    const rows = await working.store.listContactRequests()
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 1],
      ['sent', 2],
      ['sent', 2],
    ])
  })

  it('a retry that fails again keeps the row failed and counts the attempt', async () => {
    const failing = handlerOn(database(), { mail: failingMail('first') })
    await failing.handle(post(contactBody))
    const report = await retryContactRequests({
      store: failing.store,
      mail: failingMail('second'),
      logger: capturingLogger(),
    })
    expect(report).toEqual({ attempted: 1, sent: 0, logged: 0, failed: 1 })
    const [row] = await failing.store.listContactRequests()
    expect(row).toMatchObject({ status: 'failed', attempts: 2, lastError: 'Error: second' })
  })
})

describe('fault matrix: the database down (issue 16)', () => {
  // Each way a database fails: refused, failed insert, hanging past the store timeout.
  const failures: [string, (store: LeadStore) => void][] = [
    [
      'refused (every call fails)',
      (store) => {
        const refused = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'))
        store.hitRateLimit = refused
        store.findByRequestId = refused
        store.insertContactRequest = refused
      },
    ],
    [
      'a failed insert',
      (store) => {
        store.insertContactRequest = () =>
          Promise.reject(new Error('relation "secret_table" does not exist'))
      },
    ],
    [
      'a timeout',
      (store) => {
        store.insertContactRequest = () => new Promise(() => {})
      },
    ],
  ]

  it.each(failures)(
    'database %s: mailed with a "not stored" subject, success, error logged with the request id',
    async (_label, breakStore) => {
      const logger = capturingLogger()
      const mail = recordingMail()
      const { handle, store } = handlerOn(database(), { logger, mail })
      breakStore(store)
      const requestId = crypto.randomUUID()
      const response = await handle(post({ ...guideBody, requestId }))
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ ok: true, id: requestId, stored: false })
      expect(mail.sent).toHaveLength(1)
      expect(mail.sent[0]!.subject).toMatch(/^\[NOT STORED\] Guide request: System Design/)
      expect(mail.sent[0]!.text).toContain('was NOT stored')
      expect(mail.sent[0]!.text).toContain(guideBody.email)
      const logged = logger.lines.find((line) => line.event === 'store.unavailable')
      expect(logged?.level).toBe('error')
      expect(logged?.fields.requestId).toBe(response.headers.get('x-request-id'))
      expect(logged?.fields.clientRequestId).toBe(requestId)
    },
  )

  it.each(failures)(
    'database %s and mail down: 503 with a clear JSON error, no row, nothing mailed',
    async (_label, breakStore) => {
      const logger = capturingLogger()
      const mail = failingMail('provider is down')
      const { handle, store } = handlerOn(database(), { logger, mail })
      breakStore(store)
      const response = await handle(post(contactBody))
      expect(response.status).toBe(503)
      const text = await response.text()
      expect(JSON.parse(text)).toEqual({
        error: UNAVAILABLE_ERROR,
        requestId: response.headers.get('x-request-id'),
      })
      expect(text).not.toMatch(/secret_table|ECONNREFUSED|at |\.ts/)
      expect(mail.calls).toBe(1)
      expect(await countRows(database())).toBe(0)
      expect(logger.lines.filter((line) => line.level === 'error').map((l) => l.event)).toEqual([
        'store.unavailable',
        'mail.failed',
      ])
    },
  )

  it('database down and only the log configured: 503, since a log line keeps no lead', async () => {
    const mail = logOnlyMail()
    const { handle, store } = handlerOn(database(), { mail })
    store.insertContactRequest = () => Promise.reject(new Error('down'))
    const response = await handle(post(contactBody))
    expect(response.status).toBe(503)
    expect(mail.sent).toHaveLength(0)
  })

  it('database down and spam: 503, never mailed', async () => {
    const mail = recordingMail()
    const { handle, store } = handlerOn(database(), { mail })
    store.insertContactRequest = () => Promise.reject(new Error('down'))
    const response = await handle(post({ ...contactBody, website: 'x' }))
    expect(response.status).toBe(503)
    expect(mail.sent).toHaveLength(0)
  })

  it('a failure to record the delivery still answers ok, because the row is stored', async () => {
    const { handle, store } = handlerOn(database())
    store.recordDelivery = () => Promise.reject(new Error('connection reset'))
    const response = await handle(post(contactBody))
    expect(response.status).toBe(200)
    expect(await countRows(database())).toBe(1)
  })
})

describe('one mail per lead when the insert times out but lands later (issue 54)', () => {
  /** The store's insert held back past the store timeout, then let through when `land` is called. */
  function slowInsert(store: LeadStore) {
    const insert = store.insertContactRequest.bind(store)
    let land!: () => void
    const landed = new Promise<void>((resolve) => (land = resolve))
    store.insertContactRequest = (request) => landed.then(() => insert(request))
    return land
  }
  /** A mail transport that fails until `recover` is called, recording what it did send. */
  function mailDownThenUp() {
    const mail = { ...recordingMail(), name: 'flaky', down: true, failures: 0 }
    const send = mail.send
    mail.send = (outgoing) => {
      if (!mail.down) return send(outgoing)
      mail.failures++
      return Promise.reject(new Error('provider is down'))
    }
    return mail
  }
  const rows = async () =>
    (
      await database().db.query<{ status: string; attempts: number; transport: string | null }>(
        'select status, attempts, transport from public.contact_requests',
      )
    ).rows

  /**
   * A contact request sent in an hour with no mail budget left, its row landing after the answer;
   * `nextHour` is the handler of the hour after, which has budget.
   */
  async function lateWithoutBudget(mail: MailTransport) {
    const clock = fakeClock('2026-11-25T09:10:00Z')
    const config = { mailBudgetPerHour: 0 }
    const { handle, store, settled } = handlerOn(database(), { mail, config, clock: clock.now })
    const land = slowInsert(store)
    const requestId = crypto.randomUUID()
    const { status } = await handle(post({ ...contactBody, requestId }))
    land()
    await settled()
    const nextHour = () => {
      clock.set('2026-11-25T10:00:00Z')
      return handlerOn(database(), { mail, config: { mailBudgetPerHour: 10 }, clock: clock.now })
    }
    return { status, store, requestId, nextHour }
  }

  it('a late received row: the "not stored" mail is its one mail, and the row says sent', async () => {
    const mail = recordingMail()
    const { handle, store, settled } = handlerOn(database(), { mail })
    const land = slowInsert(store)
    const requestId = crypto.randomUUID()
    const response = await handle(post({ ...contactBody, requestId }))
    expect(await response.json()).toEqual({ ok: true, id: requestId, stored: false })
    land()
    await settled()
    expect(await rows()).toEqual([{ status: 'sent', attempts: 1, transport: 'recording' }])
    // Nothing sends it again: a retry, the browser's resend.
    await retryContactRequests({ store, mail, logger: capturingLogger() })
    await expectAccepted(await handle(post({ ...contactBody, requestId })))
    expect(mail.sent.map((sent) => sent.subject)).toEqual([
      expect.stringMatching(/^\[NOT STORED\] /),
    ])
  })

  it("a late held row: not mailed again by the next hour's release or a retry", async () => {
    const mail = recordingMail()
    const { status, store, nextHour } = await lateWithoutBudget(mail)
    expect(status).toBe(200)
    expect(await rows()).toEqual([{ status: 'sent', attempts: 1, transport: 'recording' }])
    // The next hour has budget: its first request releases what is held, and this is not.
    const next = nextHour()
    await expectAccepted(await next.handle(post(scorecardBody)))
    await next.settled()
    await retryContactRequests({ store, mail, logger: capturingLogger() })
    expect(mail.sent.map((sent) => sent.subject)).toEqual([
      expect.stringMatching(/^\[NOT STORED\] Contact/),
      expect.stringMatching(/^Scorecard request/),
    ])
  })

  it('the "not stored" mail fails: 503, the late row is mailed once, the resend mails nothing', async () => {
    const mail = mailDownThenUp()
    const { handle, store, settled } = handlerOn(database(), { mail })
    const land = slowInsert(store)
    const requestId = crypto.randomUUID()
    expect((await handle(post({ ...guideBody, requestId }))).status).toBe(503)
    // A resend while the first insert still hangs: answered 503 without a mail of its own.
    mail.down = false
    const early = await handle(post({ ...guideBody, requestId }))
    expect(early.status).toBe(503)
    expect(mail.sent).toEqual([])
    land()
    await settled()
    expect(await rows()).toEqual([{ status: 'sent', attempts: 1, transport: 'flaky' }])
    // The browser's kept copy, sent later, finds the row: answered, not mailed again.
    await expectAccepted(await handle(post({ ...guideBody, requestId })))
    await settled()
    expect(mail.failures).toBe(1)
    expect(mail.sent.map((sent) => sent.subject)).toEqual([
      expect.stringMatching(/^Guide request: System Design/),
    ])
  })

  it('the "not stored" mail fails and the late row is held: the release mails it, once', async () => {
    const mail = mailDownThenUp()
    const { status, requestId, nextHour } = await lateWithoutBudget(mail)
    expect(status).toBe(503)
    expect(await rows()).toEqual([{ status: 'held', attempts: 0, transport: null }])
    mail.down = false
    const next = nextHour()
    await expectAccepted(await next.handle(post({ ...contactBody, requestId })))
    await expectAccepted(await next.handle(post(scorecardBody)))
    await next.settled()
    expect(mail.sent.map((sent) => sent.subject)).toEqual([
      expect.stringMatching(/^Scorecard request/),
      expect.stringMatching(/^Contact/),
    ])
  })
})
