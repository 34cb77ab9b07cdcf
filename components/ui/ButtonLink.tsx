import type { AnchorHTMLAttributes } from 'react'
import { buttonStyles, type ButtonVariantProps } from './button-styles.ts'

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & ButtonVariantProps

/** A link styled as a button, for static HTML: it works before and without JavaScript. */
export function ButtonLink({ variant, size, className, children, ...props }: Props) {
  return (
    <a {...props} className={buttonStyles({ variant, size, className })}>
      {children}
    </a>
  )
}
