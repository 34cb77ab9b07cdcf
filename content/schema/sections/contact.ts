import { z } from 'zod'
import { fieldWords, text, toastWords } from '../fields.ts'

export const contactSection = z.strictObject({
  type: z.literal('contact'),
  id: z.literal('contact').describe('Always "contact": the page’s anchor.'),
  heading: text('The page’s main heading, e.g. "Get In Touch".'),
  lead: text('The subtitle under the heading.'),
  info: z
    .strictObject({
      heading: text('Heading of the contact details card, e.g. "Contact Information".'),
      call: text('Label before the phone number, e.g. "Call Us".'),
      location: text('Label before the address, e.g. "Location".'),
      hours: text('Label before the business hours, e.g. "Business Hours".'),
      follow: text('Heading of the social links card, e.g. "Follow Us".'),
    })
    .describe('The left column; the phone, location, hours and social links come from site.yaml.'),
  form: z
    .strictObject({
      heading: text('Heading of the form, e.g. "Send Us a Message".'),
      name: fieldWords(
        'Label of the name field.',
        text('Sample name shown in the empty field.'),
      ).describe('The name field: its label and the sample text shown while it is empty.'),
      email: fieldWords(
        'Label of the e-mail field.',
        text('Sample e-mail shown in the empty field.'),
      ).describe('The e-mail field: its label and the sample text shown while it is empty.'),
      phone: fieldWords(
        'Label of the phone field (optional for visitors).',
        text('Sample phone format shown in the empty field.'),
      ).describe('The phone number field: its label and the sample text shown while it is empty.'),
      message: fieldWords(
        'Label of the message field.',
        text('Text shown in the empty message field.'),
      ).describe('The message field: its label and the sample text shown while it is empty.'),
      submit: text('The submit button, e.g. "Send Message".'),
      sending: text('The submit button while sending, e.g. "Sending...".'),
      success: toastWords.describe('The toast after the message was sent.'),
      failure: toastWords.describe('The toast when sending failed.'),
    })
    .describe('Every word of the contact form; the form island receives these as props.'),
})
