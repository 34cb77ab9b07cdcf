// The phone's one spelling, content/site.yaml's `phone`, and the link made from it: the schema checks
// that a link can be made, the components write it. No zod here: pages import it.

/**
 * The `tel:` link phones dial for `phone`, written once in content/site.yaml: its digits after a
 * +, or +1 and the ten digits of a North American number written without one; undefined for
 * anything else.
 */
export function telHref(phone: string): string | undefined {
  if (!/^\+?[\d\s().-]+$/.test(phone.trim())) return undefined
  const digits = phone.replace(/\D/g, '')
  if (phone.trim().startsWith('+')) return /^\d{7,15}$/.test(digits) ? `tel:+${digits}` : undefined
  return /^\d{10}$/.test(digits) ? `tel:+1${digits}` : undefined
}
