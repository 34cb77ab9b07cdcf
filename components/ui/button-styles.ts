// The lite build leaves out tailwind-merge (~7 KB gzip); our variants never conflict.
import { tv } from 'tailwind-variants/lite'

// Shared by the React Aria Button (in islands) and ButtonLink (plain links in static HTML), so
// a link that looks like a button and a real button look the same.
export const buttonStyles = tv({
  base: 'inline-flex items-center justify-center gap-2 rounded-lg font-semibold no-underline transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 motion-reduce:transition-none',
  variants: {
    variant: {
      primary: 'bg-brand-700 text-white hover:bg-brand-800 pressed:bg-brand-900',
      secondary:
        'border border-slate-300 bg-white text-ink hover:border-slate-400 hover:bg-slate-50',
      quiet: 'text-ink hover:bg-slate-100',
    },
    size: {
      md: 'px-4 py-2 text-sm',
      lg: 'px-6 py-3 text-base',
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
})
