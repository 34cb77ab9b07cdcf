// Text from outside (issue 38): before, a lone surrogate was stored as U+FFFD and answered 200,
// and U+0085, U+2028 and U+202E reached the e-mail's subject line. Against the real server:
// bytes that are not UTF-8 and lone surrogates are a 400 that says so; characters that can
// break or disguise a header are absent from the mail's headers and present in the stored row.
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  formBody,
  postTo,
  startFunctionServer,
  storedRequests,
  type FunctionServer,
} from './function-server.ts'

let fn: FunctionServer
beforeAll(async () => {
  fn = await startFunctionServer({ config: { trustedProxyHops: 1 } })
})
afterAll(() => fn.close())

let address = 0
const fresh = () => ({ 'x-forwarded-for': `192.0.2.${++address}` })

const encoder = new TextEncoder()
const withBytes = (before: string, bytes: number[], after: string) =>
  new Uint8Array([...encoder.encode(before), ...bytes, ...encoder.encode(after)])
const head = '{"name":"Ada'
const tail =
  '","email":"ada@example.com","phone":"","message":"Hello","website":"","elapsedMs":9000}'

it.each([
  ['a stray continuation byte', [0x80]],
  ['an invalid byte', [0xff]],
  ['a cut two-byte sequence', [0xc3]],
  ['an overlong "/"', [0xc0, 0xaf]],
  ['an encoded surrogate (CESU-8)', [0xed, 0xa0, 0x80]],
  ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
])('%s is a 400 "Body is not valid UTF-8", nothing stored', async (_label, bytes) => {
  const response = await postTo(fn.url, withBytes(head, bytes, tail), fresh())
  expect(response.status).toBe(400)
  expect(await response.json()).toEqual({
    error: 'Body is not valid UTF-8',
    fields: { body: 'Not valid UTF-8: send the JSON encoded as UTF-8' },
  })
})

it.each([
  ['name', '\\ud800'],
  ['name', '\\udfff'],
  ['message', 'x\\ud83d'],
  ['phone', '\\udc00\\ud800'],
])('a lone surrogate in %s (%s) is a 400 naming the field', async (field, escape) => {
  const body = { ...formBody, [field]: 'PLACEHOLDER' }
  const json = JSON.stringify(body).replace('PLACEHOLDER', escape)
  const response = await postTo(fn.url, json, fresh())
  expect(response.status).toBe(400)
  const answer = (await response.json()) as { error: string; fields: Record<string, string> }
  expect(answer.error).toBe('Invalid request')
  expect(answer.fields[field]).toMatch(/must be valid Unicode text/)
})

it('nothing of the refused requests was stored', async () => {
  expect(await storedRequests(fn.dataDir)).toHaveLength(0)
})

it('header injection characters are absent from the headers, present in the stored row', async () => {
  const name = 'Eve\u0085Bcc: boss@example.com\u2028X\u2029\u202Efdp.exe\u2066\u2069\u200e'
  const title = 'Guide\u2028Subject: fake\u202E'
  const message = `Guide Request: ${title}\nCompany: Acme\u0085Inc\nMessage: hello\u2028world`
  const response = await postTo(fn.url, { ...formBody, name, message }, fresh())
  expect(response.status).toBe(200)
  const { id } = (await response.json()) as { id: string }

  await expect.poll(() => fn.mails.length).toBe(1)
  const [mail] = fn.mails
  for (const header of [mail!.subject, mail!.replyTo]) {
    expect(header).not.toMatch(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f]/u)
  }
  expect(mail!.subject).toBe(
    'Guide request: Guide Subject: fake from Eve Bcc: boss@example.com X fdp.exe',
  )

  const [row] = (await storedRequests(fn.dataDir)).filter((stored) => stored.id === id)
  expect(row!.name).toBe(name)
  expect(row!.message).toBe(message)
  expect(row!.title).toBe(title.trim())
})
