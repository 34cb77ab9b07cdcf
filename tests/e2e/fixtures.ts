// Copy for islands under test: the exact strings of the spec (§5, §8), and content-like copy
// for labels the spec leaves to the writers.
import { CONTACT_FUNCTION_PATH } from '../../supabase/functions/_shared/contact-request.ts'
import type { ContactFormProps } from '../../components/forms/ContactForm.island.tsx'
import type { RequestDialogProps } from '../../components/request/RequestDialog.island.tsx'

export const FUNCTION_URL = `**${CONTACT_FUNCTION_PATH}`

/** What the contact form's tests type, and the body they expect the form to send. */
export const adaMessage = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '(555) 123-4567',
  message: 'We hire four backend engineers this quarter.',
}

// Spec §8's failure toast of each kind of form, word for word, and the sentence the form adds
// after it when it keeps the request to send later: one copy for the islands' props and every
// spec that reads a toast.
export const CONTACT_FAILURE_TOASTS = {
  failure: {
    title: 'Error',
    description: 'There was a problem sending your message. Please try again.',
  },
  kept: 'Your message is not lost: it is kept in this browser and sent automatically the next time you open a page here or your connection comes back.',
}
export const REQUEST_FAILURE_TOASTS = {
  failure: {
    title: 'Request Failed',
    description: 'There was a problem sending your request. Please try again.',
  },
  kept: 'Your request is not lost: it is kept in this browser and sent automatically the next time you open a page here or your connection comes back.',
}

export const contactFormProps: ContactFormProps = {
  fields: {
    name: { label: 'Name', placeholder: 'John Doe' },
    email: { label: 'Email', placeholder: 'john@example.com' },
    phone: { label: 'Phone Number', placeholder: '(555) 123-4567' },
    message: { label: 'Message', placeholder: 'Tell us about your needs...' },
  },
  submit: 'Send Message',
  sending: 'Sending...',
  toasts: {
    success: { title: 'Message sent!', description: "We'll get back to you as soon as possible." },
    ...CONTACT_FAILURE_TOASTS,
  },
}

const requestDialog = (title: string): RequestDialogProps['dialog'] => ({
  title,
  description: 'Tell us where to send "{title}".',
  fields: {
    name: { label: 'Name' },
    email: { label: 'Email' },
    phone: { label: 'Phone (optional)' },
    company: { label: 'Company (optional)' },
    message: { label: 'Message (optional)' },
  },
  submit: 'Send Request',
  sending: 'Sending...',
  close: 'Close',
})

/** The guides page's request dialog, and two of the guides its buttons open it for. */
export const guideRequestProps: RequestDialogProps = {
  id: 'guide-request',
  kind: 'guide',
  dialog: requestDialog('Request Guide'),
  toasts: {
    success: {
      title: 'Request Sent',
      description: 'We\'ll send the "{title}" guide to your email shortly.',
    },
    ...REQUEST_FAILURE_TOASTS,
  },
}
export const guideTitles = ['System Design Interview Guide', 'Behavioral Interview Guide'] as const

/** The scorecards page's request dialog, and the scorecard its button opens it for. */
export const scorecardRequestProps: RequestDialogProps = {
  id: 'scorecard-request',
  kind: 'scorecard',
  dialog: requestDialog('Request Scorecard'),
  toasts: {
    success: {
      title: 'Request Sent',
      description: 'We\'ll send the "{title}" to your email shortly.',
    },
    ...REQUEST_FAILURE_TOASTS,
  },
}
export const scorecardTitle = 'DevOps Engineer Scorecard'
