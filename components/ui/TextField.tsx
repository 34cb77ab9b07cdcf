import { useContext, type ComponentProps } from 'react'
import { FieldError } from 'react-aria-components/FieldError'
import { Input } from 'react-aria-components/Input'
import { Label } from 'react-aria-components/Label'
import { TextArea, TextAreaContext } from 'react-aria-components/TextArea'
import { TextField as AriaTextField, type TextFieldProps } from 'react-aria-components/TextField'
import { tv } from 'tailwind-variants/lite'

const inputStyles = tv({
  base: 'block w-full rounded-lg border bg-white px-3 py-2 text-base text-ink placeholder:text-slate-500 outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 data-[focused]:border-brand-600 disabled:opacity-60',
  variants: {
    invalid: { true: 'border-red-700', false: 'border-slate-300' },
  },
})

export interface Props extends Omit<TextFieldProps, 'children' | 'className'> {
  label: string
  placeholder?: string
  /** Shown in red under the field and tied to it with aria-describedby when set. */
  errorMessage?: string
  /** Render a multi-line text area with this many rows. */
  rows?: number
  className?: string
  inputClassName?: string
}

/** A labelled text input (or text area) with its error message underneath. */
export function TextField({
  label,
  placeholder,
  errorMessage,
  rows,
  className = '',
  inputClassName = '',
  ...props
}: Props) {
  return (
    <AriaTextField
      {...props}
      isInvalid={props.isInvalid ?? (errorMessage ? true : undefined)}
      className={`flex flex-col gap-1.5 ${className}`}
    >
      {({ isInvalid }) => (
        <>
          <Label className="text-sm font-medium text-ink">{label}</Label>
          {rows ? (
            <UntypedTextArea
              rows={rows}
              placeholder={placeholder}
              className={inputStyles({ invalid: isInvalid, className: inputClassName })}
            />
          ) : (
            <Input
              placeholder={placeholder}
              className={inputStyles({ invalid: isInvalid, className: inputClassName })}
            />
          )}
          <FieldError className="text-sm font-medium text-red-700">{errorMessage}</FieldError>
        </>
      )}
    </AriaTextField>
  )
}

/**
 * React Aria's TextField learns that its field is a textarea only after mounting, so the server
 * render gives the textarea `type="text"`, which HTML does not allow. Drop it from the context.
 */
function UntypedTextArea(props: ComponentProps<typeof TextArea>) {
  const context = useContext(TextAreaContext)
  const { type: _type, ...rest } = (context ?? {}) as Record<string, unknown>
  return (
    <TextAreaContext.Provider value={rest}>
      <TextArea {...props} />
    </TextAreaContext.Provider>
  )
}
