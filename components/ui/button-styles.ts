// Shared by the React Aria Button (in islands) and ButtonLink (plain links in static HTML), so
// a link that looks like a button and a real button look the same. Written as a plain lookup
// rather than with tailwind-variants: it also styles plain buttons the page script runs (the
// not-found page's Go Back), and tailwind-variants would add ~2.5 KB gzip to islands for two
// variants that never conflict.
import { focusRing } from './focus-ring.ts'

const BASE = `inline-flex items-center justify-center gap-2 rounded-lg font-semibold no-underline transition-colors ${focusRing.control} disabled:cursor-not-allowed disabled:opacity-60 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 motion-reduce:transition-none`

const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 data-[pressed]:bg-brand-900',
  secondary: 'border border-slate-300 bg-white text-ink hover:border-slate-400 hover:bg-slate-50',
  quiet: 'text-ink hover:bg-slate-100',
} as const

const SIZES = {
  md: 'px-4 py-2 text-sm',
  lg: 'px-6 py-3 text-base',
} as const

export interface ButtonVariantProps {
  variant?: keyof typeof VARIANTS
  size?: keyof typeof SIZES
}

export function buttonStyles({
  variant = 'primary',
  size = 'md',
  className = '',
}: ButtonVariantProps & { className?: string } = {}): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]} ${className}`.trim()
}
