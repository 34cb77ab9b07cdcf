// The site-wide mail budget (issue 38): before, 20 addresses sent 100 mails to the company in a
// minute. Here 40 valid requests from 40 addresses against the real server: every one stored and
// answered, only the hour's budget mailed, the rest held; the next hour's first request sends them.
// And a request without the anti-bot fields: kept as the spec says, marked in `npm run leads`.
import { afterEach, expect, it } from 'vitest'
import { DEFAULT_MAIL_BUDGET_PER_HOUR } from '../../supabase/functions/send-contact-email/config.ts'
import {
  formBody,
  leadsCommand,
  postTo,
  specBody,
  startFunctionServer,
  storedRequests,
  type FunctionServer,
} from './function-server.ts'
import { timeLimit } from '../harness/time-limit.ts'

let fn: FunctionServer | undefined
afterEach(async () => {
  await fn?.close()
  fn = undefined
})

// The test is the proxy in front of the function: it writes the entry the proxy would append.
const from = (address: string) => ({ 'x-forwarded-for': address })
const count = (rows: { status: string }[], status: string) =>
  rows.filter((row) => row.status === status).length

it(
  '40 requests from 40 addresses: 40 stored and answered, 30 mailed, 10 held, sent the next hour',
  async () => {
    expect(DEFAULT_MAIL_BUDGET_PER_HOUR).toBe(30)
    fn = await startFunctionServer({
      config: { trustedProxyHops: 1 },
      start: '2026-11-25T09:10:00Z',
    })

    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const response = await postTo(fn!.url, formBody, from(`203.0.113.${index + 1}`))
        return { status: response.status, body: (await response.json()) as { ok?: boolean } }
      }),
    )
    expect(answers.every((answer) => answer.status === 200 && answer.body.ok === true)).toBe(true)
    // Held rows are not released within the hour, whatever runs in the background.
    await expect.poll(() => fn!.mails.length).toBe(30)
    // A row says 'sent' once its mail call has returned, a moment after the mail is recorded.
    await expect.poll(async () => count(await storedRequests(fn!.dataDir), 'sent')).toBe(30)
    let rows = await storedRequests(fn.dataDir)
    expect(rows).toHaveLength(40)
    expect(count(rows, 'sent')).toBe(30)
    expect(count(rows, 'held')).toBe(10)
    expect(fn.mails).toHaveLength(30)

    const listing = await leadsCommand(fn.dataDir, '--status', 'held')
    expect(listing).toContain('HELD')
    expect(listing).toContain("the hour's mail budget was spent")

    // The first request of the next hour is answered at once, and sends the held ones after.
    fn.clock.set('2026-11-25T10:00:05Z')
    const next = await postTo(fn.url, formBody, from('203.0.113.200'))
    expect(next.status).toBe(200)
    await next.body?.cancel()
    await expect.poll(() => fn!.mails.length).toBe(41)
    await expect
      .poll(async () => count(await storedRequests(fn!.dataDir), 'held'), {
        timeout: timeLimit(20_000),
      })
      .toBe(0)
    rows = await storedRequests(fn.dataDir)
    expect(rows).toHaveLength(41)
    expect(count(rows, 'sent')).toBe(41)
    // 40 requests and a child process for `npm run leads` on a shared 2-core machine.
  },
  timeLimit(120_000),
)

it('a request without the anti-bot fields is kept and answered, marked, and held sooner', async () => {
  fn = await startFunctionServer({
    config: { trustedProxyHops: 1, mailBudgetPerHour: 5, unverifiedMailBudgetPerHour: 2 },
  })
  for (let index = 0; index < 3; index++) {
    const response = await postTo(fn.url, specBody, from(`198.51.100.${index + 1}`))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true, id: expect.any(String) })
  }
  const form = await postTo(fn.url, formBody, from('198.51.100.50'))
  expect(form.status).toBe(200)
  await form.body?.cancel()

  await expect.poll(() => fn!.mails.length).toBe(3)
  const rows = await storedRequests(fn.dataDir)
  expect(rows.map((row) => [row.antiBotFields, row.status]).sort()).toEqual([
    [false, 'held'],
    [false, 'sent'],
    [false, 'sent'],
    [true, 'sent'],
  ])
  const listing = await leadsCommand(fn.dataDir)
  const marked = listing.split('without anti-bot fields').length - 1
  expect(marked).toBe(3)

  // Its per-address limit is lower too: the third from one address is refused.
  const statuses: number[] = []
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await postTo(fn.url, specBody, from('198.51.100.99'))
    statuses.push(response.status)
    await response.body?.cancel()
  }
  expect(statuses).toEqual([200, 200, 429])
})

it('the hourly scheduled call sends held mails on a quiet site, and refuses a wrong secret', async () => {
  const secret = 'scheduled-release-'.padEnd(48, '7')
  fn = await startFunctionServer({
    config: { trustedProxyHops: 1, mailBudgetPerHour: 2, releaseHeldToken: secret },
    start: '2026-11-25T09:10:00Z',
  })
  for (let index = 0; index < 4; index++) {
    const response = await postTo(fn.url, formBody, from(`192.0.2.${index + 1}`))
    expect(response.status).toBe(200)
    await response.body?.cancel()
  }
  await expect.poll(() => fn!.mails.length).toBe(2)

  fn.clock.set('2026-11-25T10:01:00Z')
  const wrong = await fetch(fn.url, {
    method: 'POST',
    headers: { 'x-release-held-token': 'scheduled-release-'.padEnd(48, '8') },
  })
  expect(wrong.status).toBe(403)
  await wrong.body?.cancel()

  // As pg_net sends it: no Origin, a JSON body of {}.
  const call = await fetch(fn.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-release-held-token': secret },
    body: '{}',
  })
  expect(call.status).toBe(202)
  await call.body?.cancel()
  await expect.poll(() => fn!.mails.length).toBe(4)
  const rows = await storedRequests(fn.dataDir)
  expect(count(rows, 'sent')).toBe(4)
  expect(count(rows, 'held')).toBe(0)
})
