// The request form in its dialog (spec §2.19, §4, §5, §8). Loaded on the first press of a
// request button. Validation runs on submit and again on every change after that.
import { useState, type FormEvent } from 'react'
import { Form } from 'react-aria-components/Form'
import {
  EMPTY_REQUEST,
  requestPayload,
  validateRequest,
  type RequestErrors,
  type RequestValues,
} from '../forms/request-rules.ts'
import { antiBotFields, Honeypot } from '../forms/anti-bot.tsx'
import { sendContactEmail } from '../forms/send-request.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog } from '../ui/Dialog.tsx'
import { Modal } from '../ui/Modal.tsx'
import { TextField } from '../ui/TextField.tsx'
import { showToast } from '../ui/toast.ts'
import type { RequestButtonProps } from './request-props.ts'

export interface RequestDialogProps extends Omit<RequestButtonProps, 'label' | 'variant'> {
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
}

const withTitle = (text: string, title: string) => text.replaceAll('{title}', title)

export function RequestDialog({
  kind,
  title,
  dialog,
  toasts,
  isOpen,
  onOpenChange,
}: RequestDialogProps) {
  return (
    <Modal size="form" isOpen={isOpen} onOpenChange={onOpenChange}>
      <Dialog title={dialog.title} closeLabel={dialog.close}>
        <RequestForm
          kind={kind}
          title={title}
          dialog={dialog}
          toasts={toasts}
          onSent={() => onOpenChange(false)}
        />
      </Dialog>
    </Modal>
  )
}

function RequestForm({
  kind,
  title,
  dialog,
  toasts,
  onSent,
}: Pick<RequestDialogProps, 'kind' | 'title' | 'dialog' | 'toasts'> & { onSent: () => void }) {
  const [values, setValues] = useState<RequestValues>(EMPTY_REQUEST)
  const [errors, setErrors] = useState<RequestErrors>({})
  const [wasSubmitted, setSubmitted] = useState(false)
  const [isSending, setSending] = useState(false)

  const field = (name: keyof RequestValues) => ({
    name,
    label: dialog.fields[name].label,
    placeholder: dialog.fields[name].placeholder,
    value: values[name],
    errorMessage: errors[name],
    onChange: (value: string) => {
      const next = { ...values, [name]: value }
      setValues(next)
      if (wasSubmitted) setErrors(validateRequest(next))
    },
  })

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isSending || !title) return // nothing selected: nothing to request
    setSubmitted(true)
    const found = validateRequest(values)
    setErrors(found)
    if (Object.keys(found).length) {
      const first = Object.keys(found)[0]!
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    setSending(true)
    try {
      await sendContactEmail(
        requestPayload(kind, title, values, antiBotFields(event.currentTarget)),
      ).catch((cause: unknown) => {
        throw new Error('Failed to send email request', { cause })
      })
      setValues(EMPTY_REQUEST)
      setSubmitted(false)
      void showToast({
        title: toasts.success.title,
        description: withTitle(toasts.success.description, title),
      })
      onSent()
    } catch (error) {
      console.error(error)
      void showToast({ ...toasts.failure, variant: 'destructive' })
    } finally {
      setSending(false)
    }
  }

  return (
    <Form
      onSubmit={onSubmit}
      validationBehavior="aria"
      className="flex flex-col gap-4 px-6 pt-2 pb-6"
    >
      {dialog.description && (
        <p className="text-sm text-muted">{withTitle(dialog.description, title)}</p>
      )}
      <TextField {...field('name')} isRequired autoComplete="name" />
      <TextField {...field('email')} type="email" isRequired autoComplete="email" />
      <TextField {...field('phone')} type="tel" autoComplete="tel" />
      <TextField {...field('company')} autoComplete="organization" />
      <TextField {...field('message')} rows={3} />
      <Honeypot />
      <Button type="submit" size="lg" isDisabled={isSending} className="mt-2 w-full">
        {isSending ? dialog.sending : dialog.submit}
      </Button>
    </Form>
  )
}
