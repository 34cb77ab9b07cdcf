// One look for every text field: React Aria's fields in islands (TextField.tsx) and the plain
// form visitors without JavaScript get on the contact page. Plain strings rather than
// tailwind-variants, so static HTML can use them without adding to any island.
import { focusRing } from './focus-ring.ts'

const INPUT = `block w-full rounded-lg border bg-white px-3 py-2 text-base text-ink placeholder:text-slate-500 outline-none ${focusRing.field} data-[focused]:border-brand-600 disabled:opacity-60`

/** The input or textarea; red-bordered when invalid. */
export function inputStyles({ invalid = false, className = '' } = {}): string {
  return `${INPUT} ${invalid ? 'border-red-700' : 'border-slate-300'} ${className}`.trim()
}

/** A field's box: its label, its input, and its error message, one under the other. */
export const fieldStyles = 'flex flex-col gap-1.5'
export const labelStyles = 'text-sm font-medium text-ink'
export const errorStyles = 'text-sm font-medium text-red-700'
