// The OAuth `state`: which site the sign-in started from and until when it may finish, signed
// with HMAC-SHA256 under a key only the function holds. The callback trusts the site's origin
// only from here (the token is sent to that origin), so the state must be unforgeable; it is
// short-lived so an old link cannot be replayed. No store is needed: the signature is the record.

export interface SignInState {
  /** The site origin the token goes back to, one of the allowed origins when it was signed. */
  origin: string
  /** Seconds since the epoch after which the callback refuses it. */
  expires: number
}

export type StateCheck =
  { valid: true; state: SignInState } | { valid: false; reason: 'malformed' | 'forged' | 'expired' }

const encoder = new TextEncoder()
const decoder = new TextDecoder()

function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

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
