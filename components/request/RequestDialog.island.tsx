// The request form in its dialog (spec §2.19, §4, §5, §8): one per page of request cards,
// rendered in the page's HTML and opened by the inline loader from any card's button
// (./RequestOpenButton.tsx), which records the selected item on the dialog
// (DIALOG_SUBJECT_ATTRIBUTE) and writes its title into the description. The island starts when
// the dialog opens (focus moves into it); what was typed and pressed before is kept
// (renderer/early-input.ts). Validation runs on submit and again on every change after that. A
// request sent closes the dialog and resets the form; on a failure the dialog stays open with
// the values (§4), also when the request is kept in this browser to be sent later
// (../forms/pending-request.ts).
import { Fragment, useRef, useState, type FormEvent } from 'react'
import { Form } from 'react-aria-components/Form'
import {
  EMPTY_REQUEST,
  requestPayload,
  validateRequest,
  type RequestErrors,
  type RequestValues,
} from '../forms/request-rules.ts'
import { antiBotFields, Honeypot } from '../forms/anti-bot.tsx'
import { usePendingRequest, type BuildBody } from '../forms/pending-request.ts'
import { PreviewNotice, showPreviewToast } from '../forms/PreviewNotice.tsx'
import { Button } from '../ui/Button.tsx'
import { NativeDialog } from '../ui/NativeDialog.tsx'
import { TextField } from '../ui/TextField.tsx'
import { showToast } from '../ui/toast.ts'
import {
  DIALOG_SUBJECT_ATTRIBUTE,
  SUBJECT_TEXT_ATTRIBUTE,
} from '../../renderer/dialog-attributes.ts'
import type { RequestDialogProps } from './request-props.ts'

export type { RequestDialogProps }

const withTitle = (text: string, title: string) => text.replaceAll('{title}', title)

/** The body for these values, or null while they do not pass the form's rules. */
function bodyOf(
  kind: RequestDialogProps['kind'],
  title: string | null,
  values: RequestValues,
): BuildBody | null {
  if (!title || Object.keys(validateRequest(values)).length) return null
  return (extras) => requestPayload(kind, title, values, extras)
}

/** The item the dialog was last opened for, as its button recorded it; '' if none. */
const subjectOf = (form: HTMLFormElement) =>
  form.closest('dialog')?.getAttribute(DIALOG_SUBJECT_ATTRIBUTE) ?? ''

/**
 * `text` with the loader's title in place of "{title}". The loader writes it before the island
 * starts and at every opening after, so React renders the place empty and leaves it alone
 * (its text is never React's; suppressHydrationWarning keeps hydration from replacing it).
 */
function WithSubject({ text }: { text: string }) {
  return text.split('{title}').map((part, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <span {...{ [SUBJECT_TEXT_ATTRIBUTE]: '' }} suppressHydrationWarning>
          {''}
        </span>
      )}
      {part}
    </Fragment>
  ))
}

export default function RequestDialog({ id, kind, dialog, toasts, preview }: RequestDialogProps) {
  return (
    <NativeDialog id={id} size="form" title={dialog.title} closeLabel={dialog.close}>
      <RequestForm
        kind={kind}
        dialog={dialog}
        toasts={toasts}
        preview={preview}
        onSent={(form) => form.closest('dialog')?.close()}
      />
    </NativeDialog>
  )
}

function RequestForm({
  kind,
  dialog,
  toasts,
  preview,
  onSent,
}: Pick<RequestDialogProps, 'kind' | 'dialog' | 'toasts' | 'preview'> & {
  onSent: (form: HTMLFormElement) => void
}) {
  const [values, setValues] = useState<RequestValues>(EMPTY_REQUEST)
  const [errors, setErrors] = useState<RequestErrors>({})
  const [wasSubmitted, setSubmitted] = useState(false)
  const [isSending, setSending] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)

  /** Sent, by this press or by the kept copy's later send: reset, say so (§8) and close. */
  function done(form: HTMLFormElement | null, title: string) {
    setValues(EMPTY_REQUEST)
    setSubmitted(false)
    void showToast({
      title: toasts.success.title,
      description: withTitle(toasts.success.description, title),
    })
    if (form) onSent(form)
  }
  const { send, edited } = usePendingRequest(({ title }) => done(formRef.current, title ?? ''))

  const field = (name: keyof RequestValues) => ({
    name,
    label: dialog.fields[name].label,
    placeholder: dialog.fields[name].placeholder,
    value: values[name],
    errorMessage: errors[name],
    // From the latest values, not this render's: the page script replays several fields typed
    // before the form started in one go (renderer/early-input.ts).
    onChange: (value: string) => {
      setValues((latest) => {
        const next = { ...latest, [name]: value }
        if (wasSubmitted) setErrors(validateRequest(next))
        return next
      })
      // Only after a failure, when no replay is under way: this render's values are the latest.
      edited(({ title }) => bodyOf(kind, title, { ...values, [name]: value }))
    },
  })

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const title = subjectOf(event.currentTarget)
    if (isSending || !title) return // nothing selected: nothing to request
    setSubmitted(true)
    const found = validateRequest(values)
    setErrors(found)
    if (Object.keys(found).length) {
      const first = Object.keys(found)[0]!
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    const form = event.currentTarget
    setSending(true)
    const sent = values
    const result = await send({ kind, title }, antiBotFields(form), (extras) =>
      requestPayload(kind, title, sent, extras),
    )
    setSending(false)
    if (!result) return // its kept copy was sent meanwhile, and the form said so
    if (result.outcome === 'sent') return done(form, title)
    if (result.outcome === 'preview') {
      setValues(EMPTY_REQUEST)
      setSubmitted(false)
      showPreviewToast(preview)
      onSent(form)
      return
    }
    // The spec's failure (§8); the dialog stays open with the values (§4). A request kept to be
    // sent later is said so after the spec's sentence.
    console.error(new Error('Failed to send email request', { cause: result.error }))
    void showToast({
      ...toasts.failure,
      ...(result.outcome === 'kept' && { detail: toasts.kept }),
      variant: 'destructive',
    })
  }

  return (
    <Form
      ref={formRef}
      onSubmit={onSubmit}
      validationBehavior="aria"
      className="flex flex-col gap-4 px-6 pt-2 pb-6"
    >
      {dialog.description && (
        <p className="text-sm text-muted">
          <WithSubject text={dialog.description} />
        </p>
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
      <PreviewNotice copy={preview} />
    </Form>
  )
}
