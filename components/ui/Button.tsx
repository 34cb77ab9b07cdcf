import { Button as AriaButton, type ButtonProps } from 'react-aria-components/Button'
import { composeRenderProps } from 'react-aria-components/composeRenderProps'
import type { VariantProps } from 'tailwind-variants'
import { buttonStyles } from './button-styles.ts'

export interface Props extends ButtonProps, VariantProps<typeof buttonStyles> {}

/** A button for islands, with React Aria's press, focus and keyboard handling. */
export function Button({ variant, size, ...props }: Props) {
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) =>
        buttonStyles({ ...renderProps, variant, size, className }),
      )}
    />
  )
}
