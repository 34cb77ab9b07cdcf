import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CONTACT_FUNCTION_NAME,
  CONTACT_FUNCTION_PATH,
  composeRequestMessage,
  contactFormSchema,
  contactRequestBody,
  contactRequestSchema,
  fieldErrors,
  parseRequestMessage,
  requestDialogBody,
  requestFormSchema,
} from '../../../../../supabase/functions/_shared/contact-request.ts'

describe('composeRequestMessage', () => {
  it('writes the three lines of spec §7 exactly', () => {
    expect(
      composeRequestMessage({
        kind: 'guide',
        title: 'Complete Guide',
        company: 'Acme',
        message: 'Hello',
      }),
    ).toBe('Guide Request: Complete Guide\nCompany: Acme\nMessage: Hello')
    expect(
      composeRequestMessage({ kind: 'scorecard', title: 'Tech Lead', company: '  ', message: 'x' }),
    ).toBe('Scorecard Request: Tech Lead\nCompany: Not provided\nMessage: x')
  })

  it('keeps title and company on one line so the text parses back', () => {
    const text = composeRequestMessage({
      kind: 'guide',
      title: 'A\nB',
      company: 'Evil\nMessage: injected',
      message: 'line 1\nline 2',
    })
    expect(parseRequestMessage(text)).toEqual({
      kind: 'guide',
      title: 'A B',
      company: 'Evil Message: injected',
      visitorMessage: 'line 1\nline 2',
    })
  })

  it('parses any composed message back to its parts (property)', () => {
    const line = fc.string({ maxLength: 40 }).map((value) => value.replace(/[\r\n]/g, ' ').trim())
    fc.assert(
      fc.property(
        fc.constantFrom('guide' as const, 'scorecard' as const),
        line,
        line,
        fc.string({ maxLength: 200 }),
        (kind, title, company, message) => {
          const parsed = parseRequestMessage(
            composeRequestMessage({ kind, title, company, message }),
          )
          expect(parsed.kind).toBe(kind)
          expect(parsed.title).toBe(title)
          expect(parsed.company).toBe(company === '' || company === 'Not provided' ? null : company)
          expect(parsed.visitorMessage).toBe(message.trim())
        },
      ),
      { numRuns: 500 },
    )
  })

  it('reads any other text as a contact message', () => {
    expect(parseRequestMessage('Hi, we need interviews')).toEqual({
      kind: 'contact',
      title: null,
      company: null,
      visitorMessage: 'Hi, we need interviews',
    })
  })
})

describe('browser form schemas (spec §5)', () => {
  it('request form: name and email required with the spec messages', () => {
    const result = requestFormSchema.safeParse({ name: '', email: '' })
    expect(result.success).toBe(false)
    if (!result.success) {
      expect(fieldErrors(result.error)).toEqual({
        name: 'Name is required',
        email: 'Email is required',
      })
    }
  })

  it.each([
    ['a@b.co', true],
    ['FIRST.last+tag@Sub.Example.ORG', true],
    ['a@b.c', false],
    ['a@b', false],
    ['a b@c.de', false],
    ['@c.de', false],
  ])('request form email %s valid: %s', (email, valid) => {
    const result = requestFormSchema.safeParse({ name: 'A', email })
    expect(result.success).toBe(valid)
    if (!result.success) expect(fieldErrors(result.error).email).toBe('Invalid email address')
  })

  it('request form: optional fields default to empty text and everything is trimmed', () => {
    expect(requestFormSchema.parse({ name: ' A ', email: ' a@b.co ' })).toEqual({
      name: 'A',
      email: 'a@b.co',
      phone: '',
      company: '',
      message: '',
    })
  })

  it('contact form: message required', () => {
    const result = contactFormSchema.safeParse({ name: 'A', email: 'a@b.co', message: ' ' })
    expect(result.success).toBe(false)
    if (!result.success)
      expect(fieldErrors(result.error)).toEqual({ message: 'Message is required' })
  })
})

describe('wire bodies built by the forms pass the function schema', () => {
  it('contact body', () => {
    const values = contactFormSchema.parse({ name: 'A', email: 'a@b.co', message: 'Hi' })
    const requestId = crypto.randomUUID()
    const body = contactRequestBody(values, {
      requestId,
      honeypot: '',
      elapsedMs: 4321.7,
      pagePath: '/contact',
    })
    expect(body).toEqual({
      name: 'A',
      email: 'a@b.co',
      phone: '',
      message: 'Hi',
      website: '',
      elapsedMs: 4322,
      requestId,
      pagePath: '/contact',
    })
    expect(contactRequestSchema.safeParse(body).success).toBe(true)
  })

  it('guide body carries kind, title and company inside the message', () => {
    const values = requestFormSchema.parse({ name: 'A', email: 'a@b.co', company: 'Acme' })
    const body = requestDialogBody({ kind: 'guide', title: 'ML Guide' }, values, {
      requestId: crypto.randomUUID(),
      honeypot: '',
      elapsedMs: 5000,
      pagePath: '/resources/guides',
    })
    expect(body.message).toBe('Guide Request: ML Guide\nCompany: Acme\nMessage: ')
    expect(body.pagePath).toBe('/resources/guides')
    expect(contactRequestSchema.parse(body).pagePath).toBe('/resources/guides')
  })
})

it('the spec body alone passes: requestId and the anti-bot fields are optional', () => {
  const parsed = contactRequestSchema.parse({
    name: 'A',
    email: 'a@b.co',
    phone: '',
    message: 'Hi',
  })
  expect(parsed).toEqual({ name: 'A', email: 'a@b.co', phone: '', message: 'Hi' })
})

it('names the function and its local path', () => {
  expect(CONTACT_FUNCTION_NAME).toBe('send-contact-email')
  expect(CONTACT_FUNCTION_PATH).toBe('/functions/v1/send-contact-email')
})
