// The contact page's form (spec §2.9, §4, §5, §8). The browser enforces the required fields and
// the e-mail format; the message goes to the send-contact-email function. On success the fields
// are cleared; on failure they keep what the visitor typed (§4), also when the message is kept in
// this browser to be sent later (pending-request.ts).
import { useState, type FormEvent } from 'react'
import { Form } from 'react-aria-components/Form'
import { Button } from '../ui/Button.tsx'
import { TextField } from '../ui/TextField.tsx'
import { showToast } from '../ui/toast.ts'
import {
  contactFormSchema,
  contactRequestBody,
} from '../../supabase/functions/_shared/contact-request.ts'
import { antiBotFields, Honeypot } from './anti-bot.tsx'
import { usePendingRequest, type BuildBody } from './pending-request.ts'
import { PreviewNotice, showPreviewToast, type PreviewCopy } from './PreviewNotice.tsx'

interface ContactPayload {
  name: string
  email: string
  phone: string
  message: string
}

interface FieldCopy {
  label: string
  placeholder: string
}

export interface ContactFormProps {
  fields: Record<keyof ContactPayload, FieldCopy>
  /** "Send Message" */
  submit: string
  /** "Sending..." */
  sending: string
  toasts: {
    success: { title: string; description: string }
    /** The spec's failure toast (§8): shown on every failure, word for word. */
    failure: { title: string; description: string }
    /** The sentence added after the failure's when the message is kept to be sent later. */
    kept: string
  }
  /** In a preview build only: the form sends nothing and says so. */
  preview?: PreviewCopy
}

const EMPTY: ContactPayload = { name: '', email: '', phone: '', message: '' }

/** The body for these values, or null while the browser would not let them be sent. */
const bodyOf = (values: ContactPayload): BuildBody | null =>
  contactFormSchema.safeParse(values).success
    ? (extras) => contactRequestBody(values, extras)
    : null

export default function ContactForm({
  fields,
  submit,
  sending,
  toasts,
  preview,
}: ContactFormProps) {
  const [values, setValues] = useState(EMPTY)
  const [isSending, setSending] = useState(false)
  const { send, edited } = usePendingRequest(() => {
    setValues(EMPTY)
    void showToast(toasts.success)
  })
  const field = (name: keyof ContactPayload) => ({
    name,
    label: fields[name].label,
    placeholder: fields[name].placeholder,
    value: values[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }))
      edited(() => bodyOf({ ...values, [name]: value }))
    },
  })

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isSending) return
    setSending(true)
    const sent = values
    const result = await send(
      { kind: 'contact', title: null },
      antiBotFields(event.currentTarget),
      (extras) => contactRequestBody(sent, extras),
    )
    setSending(false)
    if (!result) return // its kept copy was sent meanwhile, and the form said so
    if (result.outcome === 'sent') {
      setValues(EMPTY)
      void showToast(toasts.success)
      return
    }
    if (result.outcome === 'preview') {
      setValues(EMPTY)
      showPreviewToast(preview)
      return
    }
    // The spec's failure (§8), and the values stay (§4); a kept message is said so after it.
    console.error('Error sending message:', result.error)
    void showToast({
      ...toasts.failure,
      ...(result.outcome === 'kept' && { detail: toasts.kept }),
      variant: 'destructive',
    })
  }

  return (
    <Form onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field('name')} isRequired autoComplete="name" />
        <TextField {...field('email')} type="email" isRequired autoComplete="email" />
      </div>
      <TextField {...field('phone')} type="tel" autoComplete="tel" />
      <TextField {...field('message')} isRequired rows={5} inputClassName="min-h-[150px]" />
      <Button
        type="submit"
        size="lg"
        isDisabled={isSending}
        className="w-full sm:w-auto sm:self-start"
      >
        {isSending ? sending : submit}
      </Button>
      <PreviewNotice copy={preview} />
      <Honeypot />
    </Form>
  )
}
