// The request form's rules as the dialog uses them, on top of the one shared module the
// send-contact-email function validates with (supabase/functions/_shared/contact-request.ts):
// same messages (spec §5), same message composition (spec §7), same limits.
import {
  composeRequestMessage as composeShared,
  fieldErrors,
  requestDialogBody,
  requestFormSchema,
  type FormRequestBody,
  type RequestExtras,
  type RequestKind,
} from '../../supabase/functions/_shared/contact-request.ts'

export type { RequestKind }

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

export type RequestErrors = Partial<Record<keyof RequestValues, string>>

export function validateRequest(values: RequestValues): RequestErrors {
  const result = requestFormSchema.safeParse(values)
  return result.success ? {} : (fieldErrors(result.error) as RequestErrors)
}

export function composeRequestMessage(
  kind: RequestKind,
  title: string,
  values: Pick<RequestValues, 'company' | 'message'>,
): string {
  return composeShared({ kind, title, company: values.company, message: values.message })
}

/** The body sent for a request: the spec's four fields (phone "" when not given) plus extras. */
export function requestPayload(
  kind: RequestKind,
  title: string,
  values: RequestValues,
  extras: RequestExtras,
): FormRequestBody {
  const parsed = requestFormSchema.safeParse(values)
  if (!parsed.success) throw new Error('requestPayload needs values that passed validateRequest')
  return requestDialogBody({ kind, title }, parsed.data, extras)
}
