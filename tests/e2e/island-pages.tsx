// The pages the form specs open: the forms' islands alone on a page of the built site's
// document (island-harness.tsx), with the copy of fixtures.ts.
import type { Page } from '@playwright/test'
import ContactForm from '../../components/forms/ContactForm.island.tsx'
import RequestButton from '../../components/request/RequestButton.island.tsx'
import { contactFormProps, guideRequestProps, scorecardRequestProps } from './fixtures.ts'
import { openIslandPage } from './island-harness.tsx'

/** The contact form, as on /contact. */
export async function openContactForm(page: Page) {
  await openIslandPage(page, 'contact', 'Send Us a Message', [
    { name: 'forms/ContactForm', component: ContactForm, props: contactFormProps },
  ])
}

/** Two request buttons, as on the guides and scorecards pages (each its own island). */
export async function openRequestButtons(page: Page) {
  await openIslandPage(page, 'requests', 'Guides and scorecards', [
    { name: 'request/RequestButton', component: RequestButton, props: guideRequestProps },
    { name: 'request/RequestButton', component: RequestButton, props: scorecardRequestProps },
  ])
}
