// Reads a POST's body as the function takes it: JSON by its content type, at most
// config.maxBodyBytes, UTF-8 only, and of the shape of the one request schema. Anything else is
// the answer to give instead, naming what is wrong.
import {
  BODY_ERRORS,
  contactRequestSchema,
  fieldErrors,
  type ContactRequest,
} from '../_shared/contact-request.ts'
import { readBodyWithin } from '../_shared/body-within.ts'
import type { Answer } from './answer.ts'
import type { HandlerConfig } from './config.ts'

// fatal: bytes that are not UTF-8 are refused, not turned into U+FFFD and stored.
const utf8 = new TextDecoder('utf-8', { fatal: true })

function isJsonContentType(value: string | null): boolean {
  if (!value) return false
  const mediaType = (value.split(';')[0] ?? '').trim().toLowerCase()
  return mediaType === 'application/json'
}

export async function readSubmission(
  request: Request,
  config: Pick<HandlerConfig, 'maxBodyBytes'>,
): Promise<{ submission: ContactRequest } | { refused: Answer }> {
  if (!isJsonContentType(request.headers.get('content-type')))
    return { refused: { status: 415, body: { error: 'Content-Type must be application/json' } } }
  const tooLarge: Answer = {
    status: 413,
    body: { error: `Body must be at most ${config.maxBodyBytes} bytes` },
  }
  const declaredLength = Number(request.headers.get('content-length') ?? '0')
  if (declaredLength > config.maxBodyBytes) return { refused: tooLarge }
  let bytes: Uint8Array | null
  try {
    bytes = await readBodyWithin(request, config.maxBodyBytes)
  } catch {
    return { refused: { status: 400, body: { error: 'Body could not be read' } } }
  }
  if (bytes === null) return { refused: tooLarge }

  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    return { refused: { status: 400, body: BODY_ERRORS.notUtf8 } }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { refused: { status: 400, body: BODY_ERRORS.notJson } }
  }
  const parsed = contactRequestSchema.safeParse(json)
  if (!parsed.success)
    return {
      refused: {
        status: 400,
        body: { error: 'Invalid request', fields: fieldErrors(parsed.error) },
      },
    }
  return { submission: parsed.data }
}
