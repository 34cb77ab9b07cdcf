// Fuzzes the handler with thousands of random bodies against the real database: whatever comes
// in, the answer is never a 500, and nothing invalid is ever stored.
import fc from 'fast-check'
import { expect, it } from 'vitest'
import {
  EMAIL_PATTERN,
  isPagePath,
  LIMITS,
} from '../../../../../supabase/functions/_shared/contact-request.ts'
import {
  ALLOWED_ORIGIN,
  contactBody,
  countRows,
  guideBody,
  handlerOn,
  post,
  withTestDatabase,
} from '../../../helpers/function-fixtures.ts'
import { timeLimit } from '../../../../harness/time-limit.ts'

const database = withTestDatabase({ clear: false })

const anyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('', ' ', '\n', '\u0000', '<script>', 'a@b.co', ' a@b.co ', 'x@y', '"', '\\'),
  // Page paths, of the site's shape and not.
  fc.constantFrom('/', '/resources/guides', '/repo/pr-12/', '//evil.example', '/a/../b', '/x?y'),
  fc.string({ minLength: 190, maxLength: 400 }),
)
const anyValue = fc.oneof(
  anyText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.anything(),
)

const SPEC_FIELDS = ['name', 'email', 'phone', 'message']

// The spec's fields, the form's extras, and two a client might add.
const fieldNames = [
  ...SPEC_FIELDS,
  'website',
  'elapsedMs',
  'requestId',
  'pagePath',
  'company',
  '__proto__',
]

// Mostly near-valid bodies with one or more fields mutated, plus arbitrary JSON.
const bodyArbitrary = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .record({
        base: fc.constantFrom(contactBody, guideBody),
        changes: fc.dictionary(fc.constantFrom(...fieldNames), anyValue, { maxKeys: 3 }),
        removed: fc.subarray(fieldNames, { maxLength: 2 }),
      })
      .map(({ base, changes, removed }) => {
        const body: Record<string, unknown> = { ...base, ...changes }
        return Object.fromEntries(
          Object.entries(body).filter(([field]) => !removed.includes(field as never)),
        )
      }),
  },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        name: anyText,
        email: fc.oneof(fc.emailAddress(), anyText),
        phone: anyText,
        message: fc.oneof(anyText, fc.string({ maxLength: 6000 })),
        website: fc.oneof(fc.constant(''), anyText),
        elapsedMs: fc.oneof(fc.nat(20_000), fc.double(), anyValue),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue() },
)

function assertStoredRowIsValid(row: Record<string, unknown>) {
  const text = (key: string) => row[key] as string
  expect(text('name').length).toBeGreaterThan(0)
  expect(text('name').length).toBeLessThanOrEqual(LIMITS.name)
  expect(text('name')).toBe(text('name').trim())
  expect(text('email')).toMatch(EMAIL_PATTERN)
  expect(text('email').length).toBeLessThanOrEqual(LIMITS.email)
  expect(text('phone').length).toBeLessThanOrEqual(LIMITS.phone)
  expect(text('message').length).toBeGreaterThan(0)
  expect(['contact', 'guide', 'scorecard']).toContain(row.kind)
  expect(((row.company as string | null) ?? '').length).toBeLessThanOrEqual(LIMITS.company)
  // The Referer's page (post() sends one), or the allowed origin and a path of the site's shape.
  const page = text('page')
  if (page !== 'http://localhost:3000/guides') {
    expect(page.startsWith(ALLOWED_ORIGIN)).toBe(true)
    expect(isPagePath(page.slice(ALLOWED_ORIGIN.length))).toBe(true)
  }
}

it(
  'never answers 500 and never stores a row for an invalid body',
  async () => {
    const { handle } = handlerOn(database(), {
      config: { minSubmitMs: 3000, rateLimit: { max: 1_000_000, windowSeconds: 600 } },
    })
    let stored = 0
    await fc.assert(
      fc.asyncProperty(bodyArbitrary, async (body) => {
        const before = await countRows(database())
        const response = await handle(post(body))
        const after = await countRows(database())
        expect(response.status).not.toBe(500)
        expect([200, 400]).toContain(response.status)
        const answer = await response.json()
        if (response.status === 400) {
          expect(after).toBe(before)
          // The page's path is never a reason to refuse a lead.
          expect(Object.keys(answer.fields)).not.toContain('pagePath')
          expect(Object.keys(answer.fields).length).toBeGreaterThan(0)
          // An error names only the spec's fields, what the client sent, the body itself, or a
          // part of the message (company, title of a request dialog): never an internal field.
          const sent = body !== null && typeof body === 'object' ? Object.keys(body) : []
          for (const field of Object.keys(answer.fields))
            expect([...SPEC_FIELDS, ...sent, 'body', 'company', 'title']).toContain(field)
          return
        }
        expect(answer).toEqual({ ok: true, id: expect.any(String) })
        // Nothing is dropped: a success, spam or not, is one more row.
        expect(after).toBe(before + 1)
        stored++
        const { rows } = await database().db.query<Record<string, unknown>>(
          'select * from contact_requests where id = $1',
          [answer.id],
        )
        expect(rows).toHaveLength(1)
        assertStoredRowIsValid(rows[0]!)
      }),
      { numRuns: 2000 },
    )
    // The generator must reach the storing path, or the property proves little.
    expect(stored).toBeGreaterThan(50)
  },
  timeLimit(60_000),
)

it(
  'never answers 500 for arbitrary raw bodies and content types',
  async () => {
    const { handle } = handlerOn(database())
    const before = await countRows(database())
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.json(),
          fc.string({ unit: 'binary', maxLength: 100 }),
        ),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/json; charset=latin1',
          'json',
          '',
        ),
        async (raw, contentType) => {
          const response = await handle(
            post(raw, { raw: true, headers: { 'content-type': contentType } }),
          )
          expect(response.status).toBeLessThan(500)
          await response.body?.cancel()
        },
      ),
      { numRuns: 1000 },
    )
    expect(await countRows(database())).toBe(before)
  },
  timeLimit(60_000),
)
