// Hostile requests against the handler (issue 38): forged forwarding headers, a flood of valid
// requests from many addresses (the site-wide mail budget), requests without the anti-bot fields,
// text that is not well-formed Unicode and characters that must never reach a mail header.
// PGlite with the real migrations, a fake clock and a recording mail transport.
import { describe, expect, it } from 'vitest'
import type { HandlerConfig } from '../../../../../supabase/functions/send-contact-email/config.ts'
import { retryContactRequests } from '../../../../../supabase/functions/send-contact-email/deliver.ts'
import { clientAddressOf } from '../../../../../supabase/functions/send-contact-email/handler.ts'
import {
  composeLeadEmail,
  headerText,
} from '../../../../../supabase/functions/send-contact-email/lead-email.ts'
import { silentLogger } from '../../../../../supabase/functions/send-contact-email/logger.ts'
import {
  contactBody,
  countRows,
  expectAccepted,
  fakeClock,
  handlerOn,
  post,
  recordingMail,
  specBody,
  storedLead,
  withTestDatabase,
} from '../../../helpers/function-fixtures.ts'

const database = withTestDatabase()

/** The handler on a recording mail and a clock at 09:10, with the budgets `config` gives. */
const onBudget = (config: Partial<HandlerConfig>) => {
  const clock = fakeClock('2026-11-25T09:10:00Z')
  const mail = recordingMail()
  return { ...handlerOn(database(), { mail, config, clock: clock.now }), mail, clock }
}

/** Sends `body` once from each of `count` addresses, 192.0.2.`first` on: each one accepted. */
async function acceptedFromEach(
  handle: ReturnType<typeof handlerOn>['handle'],
  body: object,
  count: number,
  first: number,
) {
  for (let index = 0; index < count; index++)
    await expectAccepted(await handle(post(body, { address: `192.0.2.${first + index}` })))
}

const statuses = async (store: ReturnType<typeof handlerOn>['store']) =>
  (await store.listContactRequests()).map((row) => row.status)
const count = (values: string[], value: string) => values.filter((v) => v === value).length

describe('the client address behind a proxy', () => {
  const headers = (value: string) => new Headers({ 'x-forwarded-for': value })
  const socket = { clientAddress: '10.0.0.1' }
  const hops = (trustedProxyHops: number) => ({
    trustedProxyHops,
    clientAddressHeader: 'x-forwarded-for',
  })

  it.each([
    // [header, trusted hops, client address]
    ['203.0.113.7', 1, '203.0.113.7'],
    ['6.6.6.6, 203.0.113.7', 1, '203.0.113.7'],
    ['1.1.1.1, 2.2.2.2, 203.0.113.7', 1, '203.0.113.7'],
    ['6.6.6.6, 203.0.113.7, 198.51.100.2', 2, '203.0.113.7'],
    // Fewer entries than trusted proxies: not the configured path; the socket, never the client's.
    ['203.0.113.7', 2, '10.0.0.1'],
    ['', 1, '10.0.0.1'],
    ['6.6.6.6, ', 1, '10.0.0.1'],
    // No trusted proxy: the header is the client's own text and is ignored.
    ['203.0.113.7', 0, '10.0.0.1'],
  ])('%j with %i trusted hop(s) is %s', (header, trusted, expected) => {
    expect(clientAddressOf(headers(header), socket, hops(trusted))).toBe(expected)
  })

  it('joins repeated header lines in order, so a second forged line is still left of the proxy', () => {
    const repeated = new Headers()
    repeated.append('x-forwarded-for', '6.6.6.6')
    repeated.append('x-forwarded-for', '203.0.113.7')
    expect(clientAddressOf(repeated, socket, hops(1))).toBe('203.0.113.7')
  })

  it('60 requests with forged first entries from one real client: 5 pass, the rest are 429', async () => {
    const { handle } = handlerOn(database())
    const answers: number[] = []
    for (let index = 0; index < 60; index++) {
      const forged = `10.${index}.${index}.${index}, 198.51.100.77`
      const response = await handle(post(contactBody, { address: forged }))
      answers.push(response.status)
    }
    expect(count(answers.map(String), '200')).toBe(5)
    expect(count(answers.map(String), '429')).toBe(55)
    expect(await countRows(database())).toBe(5)
  })
})

describe('the site-wide mail budget', () => {
  const budget = { mailBudgetPerHour: 30, unverifiedMailBudgetPerHour: 10 }

  it('40 requests from 40 addresses: all stored and answered, 30 mailed, 10 held; the next hour sends them', async () => {
    const { handle, store, settled, mail, clock } = onBudget(budget)
    for (let index = 0; index < 40; index++) {
      const response = await handle(post(contactBody, { address: `192.0.2.${index + 1}` }))
      await expectAccepted(response)
    }
    await settled()
    expect(await countRows(database())).toBe(40)
    expect(mail.sent).toHaveLength(30)
    let now = await statuses(store)
    expect(count(now, 'sent')).toBe(30)
    expect(count(now, 'held')).toBe(10)

    // Later the same hour: still held; the answer is still ok.
    clock.set('2026-11-25T09:59:59Z')
    await expectAccepted(await handle(post(contactBody, { address: '192.0.2.200' })))
    await settled()
    expect(mail.sent).toHaveLength(30)

    // The first request of the next hour: its own mail, then the 11 held ones, oldest first.
    clock.set('2026-11-25T10:00:00Z')
    await expectAccepted(await handle(post(contactBody, { address: '192.0.2.201' })))
    await settled()
    expect(mail.sent).toHaveLength(42)
    now = await statuses(store)
    expect(count(now, 'held')).toBe(0)
    expect(count(now, 'sent')).toBe(42)
  })

  it('a held mail is released once, however many requests ask at the same time', async () => {
    const { handle, settled, mail, clock } = onBudget({
      mailBudgetPerHour: 1,
      unverifiedMailBudgetPerHour: 1,
    })
    await acceptedFromEach(handle, contactBody, 4, 1)
    await settled()
    expect(mail.sent).toHaveLength(1)

    // Two instances of the function, configured alike as a deploy's are: with budgets that
    // differ, whichever counted the hour first would decide whether the other's own request is
    // mailed or held, and the count below would depend on the order.
    clock.set('2026-11-25T10:00:00Z')
    const [one, other] = [1, 2].map(() =>
      handlerOn(database(), {
        mail,
        config: { mailBudgetPerHour: 10, unverifiedMailBudgetPerHour: 10 },
        clock: clock.now,
      }),
    )
    await Promise.all([
      one!.handle(post(contactBody, { address: '192.0.2.50' })),
      other!.handle(post(contactBody, { address: '192.0.2.51' })),
    ])
    await Promise.all([settled(), one!.settled(), other!.settled()])
    // 1 + the two new requests + the 3 held ones, each exactly once.
    expect(mail.sent).toHaveLength(6)
    const { rows } = await database().db.query<{ status: string; attempts: number }>(
      'select status, attempts from contact_requests',
    )
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true)
  })

  it('npm run leads:retry sends held mails whatever the budget', async () => {
    const mail = recordingMail()
    const { handle, store, settled } = handlerOn(database(), {
      mail,
      config: { mailBudgetPerHour: 0 },
      clock: fakeClock().now,
    })
    await expectAccepted(await handle(post(contactBody)))
    await settled()
    expect(mail.sent).toHaveLength(0)
    expect(await statuses(store)).toEqual(['held'])
    const report = await retryContactRequests({ store, mail, logger: silentLogger })
    expect(report).toMatchObject({ attempted: 1, sent: 1 })
    expect(await statuses(store)).toEqual(['sent'])
  })

  const token = 'release-'.padEnd(40, 'x')
  const releaseCall = (value: string | null) =>
    new Request('http://localhost/functions/v1/send-contact-email', {
      method: 'POST',
      headers: value === null ? {} : { 'x-release-held-token': value },
    })

  it('a scheduled call with the secret sends held mails within the new hour budget', async () => {
    const { handle, store, settled, mail, clock } = onBudget({
      mailBudgetPerHour: 2,
      releaseHeldToken: token,
    })
    await acceptedFromEach(handle, contactBody, 5, 1)
    await settled()
    expect(mail.sent).toHaveLength(2)

    // Within the same hour the call changes nothing: the budget is spent.
    const early = await handle(releaseCall(token))
    expect(early.status).toBe(202)
    await settled()
    expect(mail.sent).toHaveLength(2)

    clock.set('2026-11-25T10:01:00Z')
    const response = await handle(releaseCall(token))
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ ok: true, releasing: true })
    await settled()
    expect(mail.sent).toHaveLength(4)
    expect(count(await statuses(store), 'held')).toBe(1)
  })

  it.each([
    ['a wrong secret', 'release-'.padEnd(40, 'y'), token],
    ['an empty secret', '', token],
    ['any secret while none is configured', token, null],
  ])('%s is a 403 and sends nothing', async (_label, offered, configured) => {
    const { handle, settled, mail, clock } = onBudget({
      mailBudgetPerHour: 1,
      releaseHeldToken: configured,
    })
    await expectAccepted(await handle(post(contactBody)))
    await expectAccepted(await handle(post(contactBody)))
    await settled()
    clock.set('2026-11-25T10:01:00Z')
    const response = await handle(releaseCall(offered))
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ error: 'Not allowed' })
    await settled()
    expect(mail.sent).toHaveLength(1)
  })

  it('spam and repeats take nothing from the budget', async () => {
    const mail = recordingMail()
    const { handle, settled } = handlerOn(database(), {
      mail,
      config: { mailBudgetPerHour: 1 },
      clock: fakeClock().now,
    })
    await expectAccepted(await handle(post({ ...contactBody, website: 'spam.example' })))
    const repeated = { ...contactBody, requestId: crypto.randomUUID() }
    await expectAccepted(await handle(post(repeated)))
    await expectAccepted(await handle(post(repeated)))
    await settled()
    expect(mail.sent).toHaveLength(1)
  })
})

describe('a request without the anti-bot fields', () => {
  it('is stored and answered as the spec says, and marked as such', async () => {
    const { handle, store } = handlerOn(database())
    await expectAccepted(await handle(post(specBody)))
    await expectAccepted(await handle(post(contactBody)))
    const rows = await store.listContactRequests()
    const spec = rows.find((row) => row.email === specBody.email)!
    const form = rows.find((row) => row.email === contactBody.email)!
    expect(spec).toMatchObject({ status: 'sent', antiBotFields: false })
    expect(form).toMatchObject({ status: 'sent', antiBotFields: true })
    const { rows: columns } = await database().db.query<{ anti_bot_fields: boolean }>(
      'select anti_bot_fields from contact_requests order by anti_bot_fields',
    )
    expect(columns).toEqual([{ anti_bot_fields: false }, { anti_bot_fields: true }])
  })

  it('one of the two fields alone counts as without', async () => {
    const { handle, store } = handlerOn(database())
    await expectAccepted(await handle(post({ ...specBody, website: '' })))
    expect((await store.listContactRequests())[0]!.antiBotFields).toBe(false)
  })

  it('has a lower per-address limit, on the same counter', async () => {
    const { handle } = handlerOn(database()) // unverifiedRateLimitMax 2 of 5
    const address = '192.0.2.60'
    expect((await handle(post(specBody, { address }))).status).toBe(200)
    expect((await handle(post(specBody, { address }))).status).toBe(200)
    expect((await handle(post(specBody, { address }))).status).toBe(429)
    // The form's requests from the same address still have their own, higher ceiling.
    expect((await handle(post(contactBody, { address }))).status).toBe(200)
    expect((await handle(post(contactBody, { address }))).status).toBe(200)
    expect((await handle(post(contactBody, { address }))).status).toBe(429)
  })

  it('has a lower share of the mail budget: held sooner, released only within that share', async () => {
    const { handle, store, settled, mail, clock } = onBudget({
      mailBudgetPerHour: 5,
      unverifiedMailBudgetPerHour: 2,
    })
    await acceptedFromEach(handle, specBody, 4, 1)
    await settled()
    expect(mail.sent).toHaveLength(2)
    // The form's requests still get the rest of the hour's budget.
    await acceptedFromEach(handle, contactBody, 4, 11)
    await settled()
    expect(mail.sent).toHaveLength(5)
    let rows = await store.listContactRequests({ status: 'held' })
    expect(rows.map((row) => row.antiBotFields).sort()).toEqual([false, false, true])

    // Next hour: the form's request is mail 1; the oldest held (without the fields) is mail 2,
    // the last of their share; the held form request is mail 3; the other one waits again.
    clock.set('2026-11-25T10:00:00Z')
    await expectAccepted(await handle(post(contactBody, { address: '192.0.2.99' })))
    await settled()
    rows = await store.listContactRequests({ status: 'held' })
    expect(rows.map((row) => row.antiBotFields)).toEqual([false])
    expect(mail.sent).toHaveLength(8)
  })
})

describe('text', () => {
  const rawPost = (json: string) => post(json, { raw: true })

  it.each([
    ['name', '{"name":"Ada\\ud800","email":"ada@example.com","phone":"","message":"Hello"}'],
    ['message', '{"name":"Ada","email":"ada@example.com","phone":"","message":"Hi \\udfff"}'],
    ['phone', '{"name":"Ada","email":"ada@example.com","phone":"\\ud83d","message":"Hello"}'],
  ])(
    'a lone surrogate in %s is a 400 naming the field, and nothing is stored',
    async (field, json) => {
      const { handle } = handlerOn(database())
      const response = await handle(rawPost(json))
      expect(response.status).toBe(400)
      const answer = await response.json()
      expect(answer.error).toBe('Invalid request')
      expect(answer.fields[field]).toMatch(/valid Unicode text/)
      expect(await countRows(database())).toBe(0)
    },
  )

  it('a surrogate pair written as escapes is one character, accepted as written', async () => {
    const { handle, store } = handlerOn(database())
    const response = await handle(
      rawPost('{"name":"Ada \\ud83d\\ude00","email":"ada@example.com","phone":"","message":"Hi"}'),
    )
    await expectAccepted(response)
    expect((await store.listContactRequests())[0]!.name).toBe('Ada 😀')
  })

  it('overlong and surrogate-encoding UTF-8 bytes are a 400', async () => {
    const { handle } = handlerOn(database())
    for (const bad of [[0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff]]) {
      const before = new TextEncoder().encode('{"name":"A')
      const after = new TextEncoder().encode('","email":"a@example.com","phone":"","message":"x"}')
      const bytes = new Uint8Array([...before, ...bad, ...after])
      const response = await handle(post(bytes, { raw: true }))
      expect(response.status).toBe(400)
      expect((await response.json()).error).toBe('Body is not valid UTF-8')
    }
    expect(await countRows(database())).toBe(0)
  })

  const injected = 'Eve\u0085Bcc: x@evil.example\u2028\u2029\u202Egnp.exe\u2066x\u2069\u200f\u009b'

  it('line separators, C1 controls and bidi controls never reach a header, but are stored', async () => {
    const mail = recordingMail()
    const { handle, store } = handlerOn(database(), { mail })
    await expectAccepted(await handle(post({ ...contactBody, name: injected })))
    const [row] = await store.listContactRequests()
    expect(row!.name).toBe(injected)
    const [sent] = mail.sent
    for (const header of [sent!.subject, sent!.replyTo]) {
      expect(header).not.toMatch(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f]/u)
    }
    expect(sent!.subject).toBe('Contact message from Eve Bcc: x@evil.example gnp.exex')
    // The mail's body keeps the visitor's text.
    expect(sent!.text).toContain(injected)
  })

  it('headerText is the one place: a not-stored mail is cleaned the same way', () => {
    const mailed = composeLeadEmail(
      storedLead({
        id: 'x',
        kind: 'guide',
        title: 'Guide\u2028\u202Eevil',
        name: injected,
        email: 'eve@example.com',
        message: 'm',
        antiBotFields: false,
      }),
      { notStored: true },
    )
    expect(mailed.subject).toBe(headerText(mailed.subject))
    expect(mailed.subject).toBe(
      '[NOT STORED] Guide request: Guide evil from Eve Bcc: x@evil.example gnp.exex',
    )
  })
})
