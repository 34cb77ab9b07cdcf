import { useContext, type ComponentProps } from 'react'
import { FieldError } from 'react-aria-components/FieldError'
import { Input } from 'react-aria-components/Input'
import { Label } from 'react-aria-components/Label'
import { TextArea, TextAreaContext } from 'react-aria-components/TextArea'
import { TextField as AriaTextField, type TextFieldProps } from 'react-aria-components/TextField'
import { errorStyles, fieldStyles, inputStyles, labelStyles } from './field-styles.ts'

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
      className={`${fieldStyles} ${className}`}
    >
      {({ isInvalid }) => (
        <>
          <Label className={labelStyles}>{label}</Label>
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
          <FieldError className={errorStyles}>{errorMessage}</FieldError>
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
