import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  composeRequestMessage,
  EMPTY_REQUEST,
  requestPayload,
  validateRequest,
} from '../../../../components/forms/request-rules.ts'

describe('request validation (spec §5)', () => {
  test('name and email are required, with the spec’s messages', () => {
    expect(validateRequest(EMPTY_REQUEST)).toEqual({
      name: 'Name is required',
      email: 'Email is required',
    })
    expect(validateRequest({ ...EMPTY_REQUEST, name: '   ', email: ' ' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
    })
  })

  test.each([
    ['ada@example.com', true],
    ['Ada.Lovelace+hiring@Example.CO.UK', true],
    ['a_b%c-d@sub.domain.io', true],
    ['ada@example', false],
    ['ada@example.c', false],
    ['ada.example.com', false],
    ['@example.com', false],
    ['ada@.com', false],
    ['ada @example.com', false],
    ['ada@example.c0m', false],
  ])('%s is %s', (email, valid) => {
    const errors = validateRequest({ ...EMPTY_REQUEST, name: 'Ada', email })
    expect(errors).toEqual(valid ? {} : { email: 'Invalid email address' })
  })

  test('phone, company and message are optional', () => {
    expect(validateRequest({ ...EMPTY_REQUEST, name: 'Ada', email: 'ada@example.com' })).toEqual({})
  })
})

describe('request message (spec §7)', () => {
  test('guide and scorecard first lines, company or "Not provided", then the message', () => {
    expect(
      composeRequestMessage('guide', 'System Design Guide', { company: 'Acme', message: 'Hi' }),
    ).toBe('Guide Request: System Design Guide\nCompany: Acme\nMessage: Hi')
    expect(composeRequestMessage('scorecard', 'Tech Lead', { company: ' ', message: '' })).toBe(
      'Scorecard Request: Tech Lead\nCompany: Not provided\nMessage: ',
    )
  })

  test('the payload has the spec’s fields (phone "" when empty) plus the two anti-bot fields', () => {
    const line = (max: number) =>
      fc.stringMatching(new RegExp(`^[A-Za-z0-9][A-Za-z0-9 .,'-]{0,${max}}$`))
    fc.assert(
      fc.property(
        fc.record({
          name: line(40),
          email: fc.constantFrom('ada@example.com', 'GRACE@navy.mil', 'a_b%c-d@sub.domain.io'),
          phone: fc.oneof(fc.constant(''), fc.stringMatching(/^[0-9()+ -]{7,20}$/)),
          company: fc.oneof(fc.constant(''), line(40)),
          message: fc.oneof(fc.constant(''), line(200)),
        }),
        fc.constantFrom('guide' as const, 'scorecard' as const),
        line(60),
        (values, kind, title) => {
          const requestId = '6f1c1a52-5e1b-4c53-9d2a-0d3a7b1c2e4f'
          const extras = {
            requestId,
            honeypot: '',
            elapsedMs: 4321.6,
            pagePath: '/resources/guides',
          }
          const payload = requestPayload(kind, title, values, extras)
          expect(Object.keys(payload)).toEqual([
            'name',
            'email',
            'phone',
            'message',
            'website',
            'elapsedMs',
            'requestId',
            'pagePath',
          ])
          expect(payload.requestId).toBe(requestId)
          expect(payload.pagePath).toBe('/resources/guides')
          expect(payload.phone).toBe(values.phone.trim())
          expect(payload.website).toBe('')
          expect(payload.elapsedMs).toBe(4322)
          expect(payload.message).toBe(composeRequestMessage(kind, title, values))
          expect(payload.message.split('\n')[0]).toBe(
            `${kind === 'guide' ? 'Guide' : 'Scorecard'} Request: ${title.trim()}`,
          )
        },
      ),
    )
  })

  test('refuses to build a payload from values that fail validation', () => {
    expect(() =>
      requestPayload('guide', 'Guide', EMPTY_REQUEST, {
        requestId: crypto.randomUUID(),
        honeypot: '',
        elapsedMs: 1,
        pagePath: '/resources/guides',
      }),
    ).toThrow(/validateRequest/)
  })
})
