// One source of truth for what the forms send and what the function accepts: the browser forms
// and the send-contact-email function both import this module. It uses zod/mini because it ships
// to the browser: ~6 KB gzip where classic zod costs ~90 KB, most of the page's script budget.
import * as z from 'zod/mini'
import { composeRequestMessage, parseRequestMessage } from './request-message.ts'
import type { RequestKind } from './request-message.ts'

export {
  COMPANY_NOT_PROVIDED,
  composeRequestMessage,
  parseRequestMessage,
} from './request-message.ts'
export type {
  ContactKind,
  DescribedMessage,
  RequestKind,
  RequestMessageParts,
} from './request-message.ts'

export { CONTACT_FUNCTION_NAME, CONTACT_FUNCTION_PATH } from './function-name.ts'

/** Anti-bot field: a visually hidden input that people leave empty and form-filling bots do not. */
export const HONEYPOT_FIELD = 'website'
/** Anti-bot field: milliseconds between the page being opened and the form being submitted. */
export const ELAPSED_FIELD = 'elapsedMs'
/** The browser's id for one request (a UUID), the same on every retry of it. */
export const REQUEST_ID_FIELD = 'requestId'

/**
 * The path of the page a request was sent from (its location.pathname, with the base path the
 * site is served under). Outside the message, whose format the spec fixes (§7): under the
 * browser's referrer policy (strict-origin-when-cross-origin) the cross-origin POST to the
 * hosted function carries only the site's origin as its Referer, so without this field a lead
 * would say only which site it came from, not which page.
 */
export const PAGE_PATH_FIELD = 'pagePath'
/** The longest page path kept; the site's own are far shorter. */
export const PAGE_PATH_MAX = 300

// The shape of every address of this site: "/" and segments of the characters a base path
// (renderer/base-path.ts) and a route (site/routes.ts: lowercase words joined by hyphens) are
// made of, with a trailing slash for a base path's root; no query, fragment, escape, empty, "."
// or ".." segment. The function deploys alone and cannot read the route table, which changes
// with every article (the daily publish deploys the site, not the function): the shape is what
// it checks, tests/unit/supabase/functions/_shared/page-path.test.ts holds every route of the
// table to it, and the origin it is joined to must be an allowed one (client-address.ts).
//
// One separator between segments, so that no string can be matched two ways (no backtracking).
const PAGE_PATH_SEGMENT = String.raw`(?!\.\.?(?:/|$))[A-Za-z0-9._~-]+`
const PAGE_PATH_PATTERN = new RegExp(`^/(?:${PAGE_PATH_SEGMENT}(?:/${PAGE_PATH_SEGMENT})*/?)?$`)

/** Whether `value` is a path of this site's shape, at most PAGE_PATH_MAX characters. */
export const isPagePath = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= PAGE_PATH_MAX && PAGE_PATH_PATTERN.test(value)

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const LIMITS = {
  name: 200,
  email: 320,
  phone: 50,
  company: 200,
  message: 5000,
  title: 200,
} as const

// Spec §5: local part, @, domain, dot, top-level part of 2+ letters, case-insensitive.
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i

const text = (label: string, required: boolean) =>
  z.string({
    error: (issue) =>
      issue.input === undefined && required ? `${label} is required` : `${label} must be text`,
  })

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`

// Postgres text cannot hold NUL, and control characters have no business in a lead. Single-line
// fields refuse line breaks too; the message keeps tab and line breaks.
function hasControlCharacter(value: string, multiLine: boolean): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    if (code === 0x7f) return true
    if (code < 0x20 && !(multiLine && (code === 0x09 || code === 0x0a || code === 0x0d)))
      return true
  }
  return false
}
const noControl = (label: string, multiLine: boolean) => ({
  check: (value: string) => !hasControlCharacter(value, multiLine),
  error: `${label} must not contain control characters`,
})

// With the u flag a surrogate pair is one code point, so only an unpaired half matches. JSON can
// carry one ("\ud800"); it is no character, and stored it would become U+FFFD.
const LONE_SURROGATE = /\p{Cs}/u
/** Text that is well-formed Unicode: no unpaired surrogate (String.prototype.isWellFormed). */
export const isWellFormedText = (value: string): boolean => !LONE_SURROGATE.test(value)
const wellFormed = (label: string) => ({
  check: isWellFormedText,
  error: `${label} must be valid Unicode text (it contains an unpaired surrogate)`,
})

/** The answers to a body that is no JSON text at all, before any field is looked at. */
export const BODY_ERRORS = {
  notUtf8: {
    error: 'Body is not valid UTF-8',
    fields: { body: 'Not valid UTF-8: send the JSON encoded as UTF-8' },
  },
  notJson: { error: 'Body is not valid JSON', fields: { body: 'Not valid JSON' } },
} as const

const requiredText = (label: string, max: number, multiLine = false) => {
  const control = noControl(label, multiLine)
  const unicode = wellFormed(label)
  return text(label, true).check(
    z.trim(),
    z.minLength(1, { error: `${label} is required`, abort: true }),
    z.maxLength(max, tooLong(label, max)),
    z.refine(control.check, control.error),
    z.refine(unicode.check, unicode.error),
  )
}

const optionalText = (label: string, max: number, multiLine = false) => {
  const control = noControl(label, multiLine)
  const unicode = wellFormed(label)
  return z._default(
    z.optional(
      text(label, false).check(
        z.trim(),
        z.maxLength(max, tooLong(label, max)),
        z.refine(control.check, control.error),
        z.refine(unicode.check, unicode.error),
      ),
    ),
    '',
  )
}

const emailField = () =>
  requiredText('Email', LIMITS.email).check(z.regex(EMAIL_PATTERN, 'Invalid email address'))

/** The guide and scorecard request dialog (spec §3 "Request form", §5). */
export const requestFormSchema = z.object({
  name: requiredText('Name', LIMITS.name),
  email: emailField(),
  phone: optionalText('Phone', LIMITS.phone),
  company: optionalText('Company', LIMITS.company),
  message: optionalText('Message', LIMITS.message, true),
})
export type RequestFormInput = z.input<typeof requestFormSchema>
export type RequestFormValues = z.output<typeof requestFormSchema>

/** The contact page form (spec §2.9, §5): name, email and message required, phone optional. */
export const contactFormSchema = z.object({
  name: requiredText('Name', LIMITS.name),
  email: emailField(),
  phone: optionalText('Phone', LIMITS.phone),
  message: requiredText('Message', LIMITS.message, true),
})
export type ContactFormInput = z.input<typeof contactFormSchema>
export type ContactFormValues = z.output<typeof contactFormSchema>

// A composed request message holds a title line and a company line around the visitor's text.
const MESSAGE_WIRE_MAX = LIMITS.message + LIMITS.company + LIMITS.title + 64

/**
 * The JSON body POSTed to send-contact-email: the spec's four fields (§7: name, email, phone,
 * message), and optionally the browser's requestId and the two anti-bot fields, checked only when
 * present, and the page's path (PAGE_PATH_FIELD), dropped when it is not a path of the site's
 * shape. Unknown fields are ignored.
 */
export const contactRequestSchema = z
  .object({
    name: requiredText('Name', LIMITS.name),
    email: emailField(),
    phone: optionalText('Phone', LIMITS.phone),
    message: requiredText('Message', MESSAGE_WIRE_MAX, true),
    [HONEYPOT_FIELD]: z.optional(
      z
        .string({ error: `${HONEYPOT_FIELD} must be text` })
        .check(z.refine(wellFormed(HONEYPOT_FIELD).check, wellFormed(HONEYPOT_FIELD).error)),
    ),
    // z.number() refuses NaN and Infinity.
    [ELAPSED_FIELD]: z.optional(
      z
        .number({ error: `${ELAPSED_FIELD} must be a number` })
        .check(z.gte(0, `${ELAPSED_FIELD} must not be negative`)),
    ),
    [REQUEST_ID_FIELD]: z.optional(
      z
        .string({ error: `${REQUEST_ID_FIELD} must be a UUID` })
        .check(z.regex(UUID_PATTERN, `${REQUEST_ID_FIELD} must be a UUID`)),
    ),
    // Never a reason to refuse a lead: a path of another shape is taken as none, and the
    // function falls back to the Referer (client-address.ts).
    [PAGE_PATH_FIELD]: z.catch(z.optional(z.string().check(z.refine(isPagePath))), undefined),
  })
  .check(
    z.superRefine((body, context) => {
      // Limits apply to what the visitor typed, not to the lines the request dialogs add.
      const described = parseRequestMessage(body.message)
      if ((described.company ?? '').length > LIMITS.company)
        context.addIssue({
          code: 'custom',
          path: ['company'],
          message: tooLong('Company', LIMITS.company),
        })
      if ((described.title ?? '').length > LIMITS.title)
        context.addIssue({
          code: 'custom',
          path: ['title'],
          message: tooLong('Title', LIMITS.title),
        })
      if (described.visitorMessage.length > LIMITS.message)
        context.addIssue({
          code: 'custom',
          path: ['message'],
          message: tooLong('Message', LIMITS.message),
        })
    }),
  )
export type ContactRequestBody = z.input<typeof contactRequestSchema>
/**
 * A body built by this site's forms: always with its request id, and with its page's path
 * (which a request kept in a browser by an earlier release of the site may lack).
 */
export type FormRequestBody = ContactRequestBody & { [REQUEST_ID_FIELD]: string }
export type ContactRequest = z.output<typeof contactRequestSchema>

/** First message per field, keyed by the field name ("body" for the body as a whole). */
export function fieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[]
}): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'body'
    errors[field] ??= field === 'body' ? 'Expected a JSON object' : issue.message
  }
  return errors
}

/** What a form adds to the spec's four fields: the request's id, the anti-bot fields, its page. */
export interface RequestExtras {
  requestId: string
  honeypot: string
  elapsedMs: number
  /** location.pathname of the page the request was written on. */
  pagePath: string
}

// Key order is the wire order: the spec's fields first, then the form's extras.
const contactFields = (values: { name: string; email: string; phone: string }) => ({
  name: values.name,
  email: values.email,
  phone: values.phone,
})

const extraFields = (extras: RequestExtras) => ({
  [HONEYPOT_FIELD]: extras.honeypot,
  [ELAPSED_FIELD]: Math.round(extras.elapsedMs),
  [REQUEST_ID_FIELD]: extras.requestId,
  [PAGE_PATH_FIELD]: extras.pagePath,
})

/** The body the contact page sends. */
export function contactRequestBody(
  values: ContactFormValues,
  extras: RequestExtras,
): FormRequestBody {
  return { ...contactFields(values), message: values.message, ...extraFields(extras) }
}

/** The body a guide or scorecard request dialog sends: its extra fields go into the message. */
export function requestDialogBody(
  item: { kind: RequestKind; title: string },
  values: RequestFormValues,
  extras: RequestExtras,
): FormRequestBody {
  return {
    ...contactFields(values),
    message: composeRequestMessage({
      kind: item.kind,
      title: item.title,
      company: values.company,
      message: values.message,
    }),
    ...extraFields(extras),
  }
}
