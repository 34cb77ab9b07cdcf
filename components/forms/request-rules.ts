// The rules of the guide and scorecard request form (spec §5, §7): validation messages and the
// message the function receives. Pure, no React: when the backend's shared module
// (supabase/functions/_shared/contact-request.ts) lands, this file re-exports from it instead.

export type RequestKind = 'guide' | 'scorecard'

export interface RequestValues {
  name: string
  email: string
  phone: string
  company: string
  message: string
}

export const EMPTY_REQUEST: RequestValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  message: '',
}

export const REQUEST_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
} as const

/** Local part, @, domain, and a top-level part of two or more letters; any case. */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i

export type RequestErrors = Partial<Record<keyof RequestValues, string>>

export function validateRequest(values: RequestValues): RequestErrors {
  const errors: RequestErrors = {}
  if (!values.name.trim()) errors.name = REQUEST_MESSAGES.nameRequired
  if (!values.email.trim()) errors.email = REQUEST_MESSAGES.emailRequired
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = REQUEST_MESSAGES.emailInvalid
  return errors
}

const SUBJECT_PREFIX: Record<RequestKind, string> = {
  guide: 'Guide Request',
  scorecard: 'Scorecard Request',
}

export function composeRequestMessage(
  kind: RequestKind,
  title: string,
  values: Pick<RequestValues, 'company' | 'message'>,
): string {
  return [
    `${SUBJECT_PREFIX[kind]}: ${title}`,
    `Company: ${values.company.trim() || 'Not provided'}`,
    `Message: ${values.message}`,
  ].join('\n')
}

/** The body sent to send-contact-email for a request: phone is "" when not given. */
export function requestPayload(kind: RequestKind, title: string, values: RequestValues) {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone || '',
    message: composeRequestMessage(kind, title, values),
  }
}
