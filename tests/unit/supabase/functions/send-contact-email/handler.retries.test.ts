// Failed mails retried on the schedule (issue 69): the real handler and migrations on PGlite, a
// fake clock moved along the schedule's 5-minute ticks, and mail transports that fail on cue.
// Also the scheduled call's other work (spam and retention) and the watch's counts read.
import { describe, expect, it } from 'vitest'
import {
  RELEASE_HELD_HEADER,
  type HandlerConfig,
} from '../../../../../supabase/functions/send-contact-email/config.ts'
import { leadIdempotencyKey } from '../../../../../supabase/functions/send-contact-email/lead-email.ts'
import {
  SPAM_RETENTION_DAYS,
  type StoredContactRequest,
} from '../../../../../supabase/functions/send-contact-email/lead-store.ts'
import type {
  MailTransport,
  OutgoingMail,
} from '../../../../../supabase/functions/send-contact-email/mail-transport.ts'
import {
  IN_FLIGHT_LIMIT_MS,
  MAX_MAIL_ATTEMPTS,
  RETRY_DELAYS_MS,
} from '../../../../../supabase/functions/send-contact-email/retry-schedule.ts'
import { PASS_BODY_ERROR } from '../../../../../supabase/functions/send-contact-email/scheduled-call.ts'
import { formatRequest } from '../../../../../operations/leads/format.ts'
import {
  contactBody,
  expectAccepted,
  failingMail,
  fakeClock,
  handlerOn,
  newLead,
  post,
  recordingMail,
  specBody,
  withTestDatabase,
} from '../../../helpers/function-fixtures.ts'

const database = withTestDatabase()

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
// The schedule calls the function every 5 minutes (pg_cron, supabase/README.md).
const TICK = 5 * MINUTE
const token = 'scheduled-'.padEnd(48, 'x')

/**
 * A clock on a schedule tick at 10 past an hour after now: rows are stored at the database's real
 * time, so the fake one must not be earlier.
 */
const futureTick = () => new Date(Math.ceil(Date.now() / HOUR) * HOUR + 10 * MINUTE).toISOString()

/** The handler the schedule calls, its token configured: on the test's mail and clock. */
const scheduledHandler = (
  mail?: MailTransport,
  clock?: ReturnType<typeof fakeClock>,
  config: Partial<HandlerConfig> = {},
) =>
  handlerOn(database(), { mail, clock: clock?.now, config: { releaseHeldToken: token, ...config } })

const scheduledCall = (body = '{}', value = token) =>
  new Request('http://localhost/functions/v1/send-contact-email', {
    method: 'POST',
    headers: { [RELEASE_HELD_HEADER]: value, 'content-type': 'application/json' },
    body,
  })

const countsCall = (value: string | null = token) =>
  new Request('http://localhost/functions/v1/send-contact-email', {
    method: 'GET',
    headers: value === null ? {} : { [RELEASE_HELD_HEADER]: value },
  })

/** A transport that fails its first `failures` sends, then delivers; every attempt recorded. */
function flakyMail(failures: number, now: () => Date) {
  const attempts: { at: Date; mail: OutgoingMail }[] = []
  const delivered: OutgoingMail[] = []
  const transport: MailTransport = {
    name: 'flaky',
    delivers: true,
    send(mail) {
      attempts.push({ at: now(), mail })
      if (attempts.length <= failures)
        return Promise.reject(new Error(`provider is down (${attempts.length})`))
      delivered.push(mail)
      return Promise.resolve()
    },
  }
  return { transport, attempts, delivered }
}

function describeOffset(ms: number): string {
  const days = Math.floor(ms / DAY)
  const hours = Math.floor((ms % DAY) / HOUR)
  const minutes = Math.round((ms % HOUR) / MINUTE)
  const parts = [days && `${days} d`, hours && `${hours} h`, minutes && `${minutes} min`]
  return `+${parts.filter(Boolean).join(' ') || '0'}`
}

/** The attempts' times as the closing note records them, printed by the test. */
function timeline(attempts: { at: Date }[]): string[] {
  const first = attempts[0]!.at.getTime()
  return attempts.map(
    ({ at }, index) =>
      `attempt ${index + 1}: ${at.toISOString()} (${describeOffset(at.getTime() - first)})`,
  )
}

const rowOf = async (store: ReturnType<typeof handlerOn>['store'], id: string) =>
  (await store.listContactRequests()).find((row) => row.id === id)!

async function call(handler: ReturnType<typeof handlerOn>, body = '{}') {
  const response = await handler.handle(scheduledCall(body))
  expect(response.status).toBe(202)
  await response.body?.cancel()
  await handler.settled()
}

/**
 * Moves the clock along the schedule's ticks while the row waits for a next try: on the tick
 * before it is due (the call mails nothing) and on the tick it is due (the call retries it).
 */
async function followSchedule(
  handler: ReturnType<typeof handlerOn>,
  clock: ReturnType<typeof fakeClock>,
  id: string,
  attempts: unknown[],
) {
  for (;;) {
    const row = await rowOf(handler.store, id)
    if (row.status !== 'failed' || row.nextAttemptAt === null) return row
    const due = Math.ceil(new Date(row.nextAttemptAt).getTime() / TICK) * TICK
    if (due - TICK > clock.now().getTime()) {
      clock.set(new Date(due - TICK).toISOString())
      const before = attempts.length
      await call(handler)
      expect(attempts).toHaveLength(before)
    }
    clock.set(new Date(due).toISOString())
    await call(handler)
  }
}

describe('retries on the schedule', () => {
  it('a mail that fails three times and then goes: one mail, four attempts', async () => {
    const clock = fakeClock(futureTick())
    const mail = flakyMail(3, clock.now)
    const handler = scheduledHandler(mail.transport, clock)
    const { id } = await expectAccepted(await handler.handle(post(contactBody)))
    const failed = await rowOf(handler.store, id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed.lastError).toBe('Error: provider is down (1)')
    expect(failed.nextAttemptAt).toBe(new Date(clock.now().getTime() + 5 * MINUTE).toISOString())
    // npm run leads shows the three.
    const [listed] = formatRequest(failed).split('\n')
    expect(listed).toContain('FAILED')
    expect(listed).toContain('(attempts 1, via flaky)  last error: Error: provider is down (1)')
    expect(formatRequest(failed)).toContain(`\n  next try ${failed.nextAttemptAt} (automatic;`)

    const row = await followSchedule(handler, clock, id, mail.attempts)
    console.log(['Three failures, then sent:', ...timeline(mail.attempts)].join('\n  '))
    expect(mail.delivered).toHaveLength(1)
    expect(mail.attempts).toHaveLength(4)
    expect(row).toMatchObject({ status: 'sent', attempts: 4, lastError: null, nextAttemptAt: null })
    // One key for the lead on every attempt: the provider mails it once.
    expect(new Set(mail.attempts.map(({ mail }) => mail.idempotencyKey))).toEqual(
      new Set([leadIdempotencyKey(id)]),
    )
    const start = mail.attempts[0]!.at.getTime()
    expect(mail.attempts.map(({ at }) => at.getTime() - start)).toEqual([
      0,
      5 * MINUTE,
      35 * MINUTE,
      2 * HOUR + 35 * MINUTE,
    ])
  })

  it('a mail that never goes stops at the last attempt, failed with no next try', async () => {
    const clock = fakeClock(futureTick())
    const mail = flakyMail(Number.POSITIVE_INFINITY, clock.now)
    const handler = scheduledHandler(mail.transport, clock)
    const { id } = await expectAccepted(await handler.handle(post(contactBody)))
    const row = await followSchedule(handler, clock, id, mail.attempts)
    console.log(['Never sent:', ...timeline(mail.attempts)].join('\n  '))
    expect(MAX_MAIL_ATTEMPTS).toBe(12)
    expect(mail.attempts).toHaveLength(MAX_MAIL_ATTEMPTS)
    expect(row).toMatchObject({
      status: 'failed',
      attempts: MAX_MAIL_ATTEMPTS,
      nextAttemptAt: null,
    })
    expect(row.lastError).toBe(`Error: provider is down (${MAX_MAIL_ATTEMPTS})`)
    expect(formatRequest(row)).toContain(
      `(attempts 12, via flaky)  last error: Error: provider is down (12)\n  no further try after 12 attempts; npm run leads:retry sends it`,
    )
    const gaps = mail.attempts.slice(1).map(({ at }, index) => {
      return at.getTime() - mail.attempts[index]!.at.getTime()
    })
    expect(gaps).toEqual(RETRY_DELAYS_MS)
    // Each retry within Resend's 24 hours of the attempt before it (supabase/README.md).
    expect(Math.max(...gaps)).toBeLessThan(DAY)

    // A week later the schedule still runs: nothing more is tried.
    clock.set(new Date(clock.now().getTime() + 7 * DAY).toISOString())
    await call(handler)
    expect(mail.attempts).toHaveLength(MAX_MAIL_ATTEMPTS)
  })

  it('retries stay within the hour budget, after the held mails', async () => {
    const clock = fakeClock(futureTick())
    const mail = flakyMail(2, clock.now)
    const handler = scheduledHandler(mail.transport, clock, { mailBudgetPerHour: 2 })
    // Two mails fail and spend the hour's budget; the third request is held.
    for (let index = 0; index < 3; index++)
      await expectAccepted(await handler.handle(post(contactBody)))
    await handler.settled()
    let rows = await handler.store.listContactRequests()
    expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'failed', 'held'])

    // Due 5 minutes later, but the hour's budget is spent: nothing goes.
    clock.set(new Date(clock.now().getTime() + 5 * MINUTE).toISOString())
    await call(handler)
    expect(mail.attempts).toHaveLength(2)

    // The next hour: the held mail first, then one retry; the budget's two mails.
    clock.set(new Date(Math.ceil(clock.now().getTime() / HOUR) * HOUR).toISOString())
    await call(handler)
    expect(mail.attempts).toHaveLength(4)
    rows = await handler.store.listContactRequests()
    expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'sent', 'sent'])

    // The hour after: the last one.
    clock.set(new Date(clock.now().getTime() + HOUR).toISOString())
    await call(handler)
    rows = await handler.store.listContactRequests()
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent'])
    expect(mail.delivered).toHaveLength(3)
  })

  it('a row left received is mailed once it is older than the in-flight limit', async () => {
    const clock = fakeClock(new Date().toISOString())
    const mail = recordingMail()
    const handler = scheduledHandler(mail, clock)
    // The function stopped between storing and mailing: the row, and no mail.
    const { row } = await handler.store.insertContactRequest(
      newLead({ message: 'Stored, then the instance stopped.' }),
    )
    clock.set(new Date(clock.now().getTime() + IN_FLIGHT_LIMIT_MS - TICK).toISOString())
    await call(handler)
    expect(mail.sent).toHaveLength(0)
    clock.set(new Date(clock.now().getTime() + 2 * TICK).toISOString())
    await call(handler)
    expect(mail.sent).toHaveLength(1)
    expect(await rowOf(handler.store, row.id)).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it('a row an instance is mailing is not taken by another until the in-flight limit', async () => {
    const clock = fakeClock(new Date().toISOString())
    const { store, handle, settled } = handlerOn(database(), {
      mail: recordingMail(),
      config: { mailBudgetPerHour: 0 },
      clock: clock.now,
    })
    await expectAccepted(await handle(post(contactBody)))
    await settled()
    const budget = { hour: 'x', max: 10, unverifiedMax: 10 }
    const later = (ms: number) => new Date(clock.now().getTime() + ms)
    // Released (held → received) an hour later: an old row, but marked in flight.
    const released = await store.releaseHeld(budget, later(HOUR))
    expect(released).toMatchObject({ status: 'received' })
    const claim = (at: Date) => store.claimRetry({ budget, now: at, everyWaiting: false, skip: [] })
    expect(await claim(later(HOUR + IN_FLIGHT_LIMIT_MS - MINUTE))).toBeNull()
    // That instance died: a later pass takes the row.
    expect(await claim(later(HOUR + IN_FLIGHT_LIMIT_MS + MINUTE))).toMatchObject({
      id: released!.id,
    })
  })

  it('two instances on one schedule tick mail a due row once', async () => {
    const clock = fakeClock(futureTick())
    const first = flakyMail(1, clock.now)
    const one = scheduledHandler(first.transport, clock)
    const other = scheduledHandler(first.transport, clock)
    await expectAccepted(await one.handle(post(contactBody)))
    clock.set(new Date(clock.now().getTime() + 5 * MINUTE).toISOString())
    await Promise.all([one.handle(scheduledCall()), other.handle(scheduledCall())])
    await Promise.all([one.settled(), other.settled()])
    expect(first.attempts).toHaveLength(2)
    expect(first.delivered).toHaveLength(1)
  })

  it('a row once sent stays sent: a late failure from elsewhere never overwrites it', async () => {
    const { handle, store } = handlerOn(database())
    const { id } = await expectAccepted(await handle(post(contactBody)))
    await store.recordDelivery(id, {
      status: 'failed',
      transport: 'resend',
      error: 'Error: Resend answered 409: concurrent_idempotent_requests',
      nextAttemptAt: new Date().toISOString(),
    })
    expect(await rowOf(store, id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
    })
  })

  it('{"retryNow":true} retries every failed row now, once each, outside the budget', async () => {
    const clock = fakeClock(futureTick())
    const failing = failingMail()
    const handler = scheduledHandler(failing, clock, { mailBudgetPerHour: 2 })
    const first = await expectAccepted(await handler.handle(post(contactBody)))
    await expectAccepted(await handler.handle(post(contactBody)))
    // One of them gave up long ago.
    await database().db.query('update contact_requests set next_attempt_at = null where id = $1', [
      first.id,
    ])
    expect(failing.calls).toBe(2)
    // Not due, budget spent: the plain call tries nothing; the operator's call tries both once.
    await call(handler)
    expect(failing.calls).toBe(2)
    const response = await handler.handle(scheduledCall('{"retryNow":true}'))
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ ok: true, releasing: true, retryingNow: true })
    await handler.settled()
    expect(failing.calls).toBe(4)
    const rows = await handler.store.listContactRequests()
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['failed', 2],
      ['failed', 2],
    ])
    // The retry that failed again gets the backoff's next step.
    expect(rows.every((row) => row.nextAttemptAt !== null)).toBe(true)
  })

  it.each([
    ['not JSON', 'retry now'],
    ['a list', '[]'],
    ['retryNow not a boolean', '{"retryNow":"yes"}'],
    ['another field', '{"purge":true}'],
  ])('a scheduled call with a body that is %s is a 400 and runs nothing', async (_label, body) => {
    const failing = failingMail()
    const handler = scheduledHandler(failing)
    await expectAccepted(await handler.handle(post(contactBody)))
    const response = await handler.handle(scheduledCall(body))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: PASS_BODY_ERROR })
    await handler.settled()
    expect(failing.calls).toBe(1)
  })
})

describe('the counts read (GET with the release secret)', () => {
  async function age(id: string, ms: number) {
    await database().db.query(
      'update contact_requests set created_at = created_at - make_interval(secs => $2) where id = $1',
      [id, ms / 1000],
    )
  }

  it('answers counts only: unsent over an hour by status, gave up, the oldest', async () => {
    const clock = fakeClock(new Date().toISOString())
    const handler = scheduledHandler(failingMail(), clock, { mailBudgetPerHour: 3 })
    const ids: string[] = []
    for (let index = 0; index < 5; index++)
      ids.push((await expectAccepted(await handler.handle(post(contactBody)))).id)
    await handler.settled()
    const [oldFailed, gaveUp, freshFailed, heldOld, heldFresh] = ids as [
      string,
      string,
      string,
      string,
      string,
    ]
    await age(oldFailed, 3 * HOUR)
    await age(gaveUp, 9 * DAY)
    await database().db.query('update contact_requests set next_attempt_at = null where id = $1', [
      gaveUp,
    ])
    await age(heldOld, 2 * HOUR)
    void freshFailed
    void heldFresh
    const stopped = await handler.store.insertContactRequest(newLead())
    await age(stopped.row.id, 90 * MINUTE)

    const response = await handler.handle(countsCall())
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const text = await response.text()
    const oldest = (await rowOf(handler.store, gaveUp)).createdAt
    expect(JSON.parse(text)).toEqual({
      unsentOverAnHour: { failed: 2, held: 1, received: 1 },
      gaveUp: 1,
      oldestUnsentAt: oldest,
      checkedAt: clock.now().toISOString(),
    })
    for (const personal of [contactBody.name, contactBody.email, contactBody.message, 'grace'])
      expect(text.toLowerCase()).not.toContain(personal.toLowerCase())
  })

  it('with nothing unsent: zeros and no oldest', async () => {
    const handler = scheduledHandler()
    await expectAccepted(await handler.handle(post(specBody)))
    const response = await handler.handle(countsCall())
    expect(await response.json()).toMatchObject({
      unsentOverAnHour: { failed: 0, held: 0, received: 0 },
      gaveUp: 0,
      oldestUnsentAt: null,
    })
  })

  it.each([
    ['a wrong secret', 'scheduled-'.padEnd(48, 'y'), token, 403],
    ['an empty secret', '', token, 403],
    ['any secret while none is configured', token, null, 403],
    ['no secret (a plain GET)', null, token, 405],
  ])('%s: refused, nothing read', async (_label, offered, configured, status) => {
    const handler = handlerOn(database(), { config: { releaseHeldToken: configured } })
    let reads = 0
    const unsentCounts = handler.store.unsentCounts
    handler.store.unsentCounts = (now) => {
      reads++
      return unsentCounts(now)
    }
    const response = await handler.handle(countsCall(offered))
    expect(response.status).toBe(status)
    const body = await response.json()
    expect(body).toEqual({ error: status === 403 ? 'Not allowed' : 'Method not allowed' })
    expect(reads).toBe(0)
  })
})

describe('spam and retention on the schedule', () => {
  async function storedAt(
    handler: ReturnType<typeof handlerOn>,
    daysAgo: number,
    status: StoredContactRequest['status'],
  ) {
    const { row } = await handler.store.insertContactRequest(
      newLead({
        message: `${status}, ${daysAgo} days old`,
        status: status === 'spam' ? 'spam' : 'received',
        spamReason: status === 'spam' ? 'honeypot' : null,
      }),
    )
    await database().db.query(
      `update contact_requests set status = $2, next_attempt_at = null,
         created_at = now() - make_interval(days => $3) where id = $1`,
      [row.id, status, daysAgo],
    )
    return row.id
  }

  it('deletes spam past 30 days and mailed rows past the retention; never an unmailed one', async () => {
    const handler = scheduledHandler(recordingMail(), undefined, {
      leadRetentionDays: 90,
      mailBudgetPerHour: 0,
    })
    const kept = [
      await storedAt(handler, SPAM_RETENTION_DAYS - 1, 'spam'),
      await storedAt(handler, 89, 'sent'),
      // Not mailed: kept however old (mailBudgetPerHour 0 keeps the pass from mailing them).
      await storedAt(handler, 400, 'failed'),
      await storedAt(handler, 400, 'held'),
      await storedAt(handler, 400, 'logged'),
    ]
    await storedAt(handler, SPAM_RETENTION_DAYS + 1, 'spam')
    await storedAt(handler, 91, 'sent')
    await storedAt(handler, 400, 'sent')
    await call(handler)
    const left = (await handler.store.listContactRequests()).map((row) => row.id)
    expect(left.sort()).toEqual([...kept].sort())
  })

  it('a stopped received row is never deleted, even past the retention', async () => {
    const handler = scheduledHandler(recordingMail(), undefined, {
      leadRetentionDays: 1,
      mailBudgetPerHour: 0,
    })
    const id = await storedAt(handler, 30, 'received')
    await call(handler)
    expect((await handler.store.listContactRequests()).map((row) => row.id)).toEqual([id])
  })
})
