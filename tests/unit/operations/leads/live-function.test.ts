// The owner's calls to the live function (operations/leads/live-function.ts): `npm run leads:retry --
// --remote` asks it to retry now, the watch reads its counts; both carry the scheduled call's
// secret, and each failure is one sentence. Against a fake function on this machine.
import { createServer } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FunctionCallError,
  functionAccessFromEnv,
  readLeadCounts,
  requestRetryNow,
} from '../../../../operations/leads/live-function.ts'
import { listenOnLoopback, type LoopbackServer } from '../../../../server/listen-on-loopback.ts'
import { RELEASE_HELD_HEADER } from '../../../../supabase/functions/send-contact-email/config.ts'
import { leadsCommand } from '../../helpers/leads-command.ts'
import { timeLimit } from '../../../harness/time-limit.ts'

const TOKEN = 't'.repeat(40)
const PATH = '/functions/v1/send-contact-email'

interface Received {
  method: string
  token: string | undefined
  body: string
}
const received: Received[] = []
let answer: { status: number; body: string } = { status: 202, body: '' }
let fake: LoopbackServer

beforeAll(async () => {
  fake = await listenOnLoopback(
    createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        const token = req.headers[RELEASE_HELD_HEADER] as string | undefined
        received.push({ method: req.method!, token, body })
        if (token !== TOKEN) return void res.writeHead(403).end()
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body)
      })
    }),
  )
})
afterAll(() => fake?.close())

const access = () => ({ url: `${fake.origin}${PATH}`, token: TOKEN })

describe('the function’s settings', () => {
  it('names what is missing, and refuses a secret in clear over the network', () => {
    expect(() => functionAccessFromEnv({})).toThrow(
      'Set LEADS_FUNCTION_URL and RELEASE_HELD_TOKEN (in .env.leads or the environment; docs/deploy.md, "Reading leads in production") to reach the live function.',
    )
    expect(() =>
      functionAccessFromEnv({
        LEADS_FUNCTION_URL: 'http://example.org/x',
        RELEASE_HELD_TOKEN: 'k',
      }),
    ).toThrow(
      'LEADS_FUNCTION_URL must be an https:// address: the secret must not travel in clear.',
    )
    expect(
      functionAccessFromEnv({
        LEADS_FUNCTION_URL: ' https://abc.supabase.co/functions/v1/send-contact-email ',
        RELEASE_HELD_TOKEN: ` ${TOKEN} `,
      }),
    ).toEqual({ url: 'https://abc.supabase.co/functions/v1/send-contact-email', token: TOKEN })
  })
})

describe('retry now', () => {
  it('posts {"retryNow":true} with the secret', async () => {
    received.length = 0
    answer = { status: 202, body: '' }
    expect(await requestRetryNow(access())).toEqual({ status: 202 })
    expect(received).toEqual([{ method: 'POST', token: TOKEN, body: '{"retryNow":true}' }])
  })

  it('says when the secret is refused, or the function fails', async () => {
    await expect(requestRetryNow({ ...access(), token: 'wrong'.repeat(8) })).rejects.toThrow(
      /refused the secret \(403\): the RELEASE_HELD_TOKEN used here differs from the function's/,
    )
    answer = { status: 500, body: '' }
    await expect(requestRetryNow(access())).rejects.toThrow(
      `The function at ${fake.origin}${PATH} answered 500 to the retry request.`,
    )
  })

  it('is what npm run leads:retry -- --remote does', { timeout: timeLimit(30_000) }, async () => {
    received.length = 0
    answer = { status: 202, body: '' }
    const env = {
      PATH: process.env.PATH,
      LEADS_FUNCTION_URL: `${fake.origin}${PATH}`,
      RELEASE_HELD_TOKEN: TOKEN,
    }
    const { code, stdout } = await leadsCommand(['--retry', '--remote'], env)
    expect(code).toBe(0)
    expect(stdout).toBe(
      'The live function accepted the retry (202): it sends every waiting failed or received request now; npm run leads -- --remote shows how they stand.\n',
    )
    expect(received).toEqual([{ method: 'POST', token: TOKEN, body: '{"retryNow":true}' }])
    const missing = await leadsCommand(['--retry', '--remote'], {
      ...env,
      RELEASE_HELD_TOKEN: '',
    })
    expect(missing).toMatchObject({
      code: 1,
      stderr:
        'Set RELEASE_HELD_TOKEN (in .env.leads or the environment; docs/deploy.md, "Reading leads in production") to reach the live function.\n',
    })
  })
})

describe('the counts', () => {
  it('reads the contract’s shape, and nothing else', async () => {
    const counts = {
      unsentOverAnHour: { failed: 1, held: 0, received: 2 },
      gaveUp: 1,
      oldestUnsentAt: '2026-11-27T08:00:00.000Z',
      checkedAt: '2026-11-28T12:43:02.000Z',
    }
    answer = { status: 200, body: JSON.stringify(counts) }
    expect(await readLeadCounts(access())).toEqual(counts)
    for (const body of [
      'not json',
      JSON.stringify({ ...counts, gaveUp: -1 }),
      JSON.stringify({ ...counts, unsentOverAnHour: { failed: 1 } }),
      JSON.stringify({ ...counts, oldestUnsentAt: 'yesterday' }),
    ]) {
      answer = { status: 200, body }
      const error = await readLeadCounts(access()).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(FunctionCallError)
      expect((error as Error).message).toBe(
        `The function at ${fake.origin}${PATH} answered the counts request with something other than its counts (is it an older version?).`,
      )
    }
    answer = { status: 503, body: 'Service Unavailable' }
    await expect(readLeadCounts(access())).rejects.toThrow(
      `The function at ${fake.origin}${PATH} answered 503 to the counts request, expected 200.`,
    )
  })
})
