// The OAuth `state`: which site the sign-in started from, the window that started it and until
// when it may finish, signed with HMAC-SHA256 under a key only the function holds. The function
// trusts the site's origin and base path only from here (GitHub's code goes back to that page,
// and the token only to a POST from that origin), so the state must be unforgeable; it is
// short-lived, and bound to the secret of the window that started it (`binding`), which that
// window spends on its one trade. No store is needed: the signature is the record.
import { toBase64Url } from '../_shared/github-sign-in.ts'

export interface SignInState {
  /** The site origin the sign-in started from, one of the allowed origins when it was signed. */
  origin: string
  /** The site's base path ("/" or "/repo/pr-12/"): the callback page is under it. */
  base: string
  /** SHA-256 of the secret the sign-in's window holds (base64url): the trade must show it. */
  binding: string
  /** Seconds since the epoch after which the callback and the trade refuse it. */
  expires: number
}

export type StateCheck =
  { valid: true; state: SignInState } | { valid: false; reason: 'malformed' | 'forged' | 'expired' }

const encoder = new TextEncoder()
const decoder = new TextDecoder()

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    return Uint8Array.from(binary, (character) => character.charCodeAt(0))
  } catch {
    return null
  }
}

export interface StateSigner {
  sign(state: SignInState): Promise<string>
  check(text: string, nowSeconds: number): Promise<StateCheck>
}

export async function createStateSigner(key: string): Promise<StateSigner> {
  const hmacKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  )
  return {
    async sign(state) {
      const payload = toBase64Url(encoder.encode(JSON.stringify(state)))
      const signature = await crypto.subtle.sign('HMAC', hmacKey, encoder.encode(payload))
      return `${payload}.${toBase64Url(new Uint8Array(signature))}`
    },
    async check(text, nowSeconds) {
      const [payload, signatureText, ...rest] = text.split('.')
      const signature = fromBase64Url(signatureText ?? '')
      if (!payload || !signature || rest.length) return { valid: false, reason: 'malformed' }
      // crypto.subtle.verify compares in constant time.
      if (!(await crypto.subtle.verify('HMAC', hmacKey, signature, encoder.encode(payload))))
        return { valid: false, reason: 'forged' }
      const state = JSON.parse(decoder.decode(fromBase64Url(payload)!)) as SignInState
      if (!(nowSeconds < state.expires)) return { valid: false, reason: 'expired' }
      return { valid: true, state }
    },
  }
}
