import type { AnchorHTMLAttributes } from 'react'
import type { VariantProps } from 'tailwind-variants'
import { buttonStyles } from './button-styles.ts'

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & VariantProps<typeof buttonStyles>

/** A link styled as a button, for static HTML: it works before and without JavaScript. */
export function ButtonLink({ variant, size, className, children, ...props }: Props) {
  return (
    <a {...props} className={buttonStyles({ variant, size, className })}>
      {children}
    </a>
  )
}
