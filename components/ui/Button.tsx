import { Button as AriaButton, type ButtonProps } from 'react-aria-components/Button'
import { composeRenderProps } from 'react-aria-components/composeRenderProps'
import { buttonStyles, type ButtonVariantProps } from './button-styles.ts'

export interface Props extends ButtonProps, ButtonVariantProps {}

/** A button for islands, with React Aria's press, focus and keyboard handling. */
export function Button({ variant, size, ...props }: Props) {
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(props.className, (className) =>
        buttonStyles({ variant, size, className }),
      )}
    />
  )
}
