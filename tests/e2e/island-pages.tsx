// The pages the form specs open: the forms' islands alone on a page of the built site's
// document (island-harness.tsx), with the copy of fixtures.ts.
import type { Page } from '@playwright/test'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import ContactForm from '../../components/forms/ContactForm.island.tsx'
import RequestDialog from '../../components/request/RequestDialog.island.tsx'
import { RequestOpenButton } from '../../components/request/RequestOpenButton.tsx'
import {
  contactFormProps,
  guideRequestProps,
  guideTitles,
  scorecardRequestProps,
  scorecardTitle,
} from './fixtures.ts'
import { openIslandPage, type HarnessHtml } from './island-harness.tsx'

/** The contact form, as on /contact. */
export async function openContactForm(page: Page) {
  await openIslandPage(page, 'contact', 'Send Us a Message', [
    { name: 'forms/ContactForm', component: ContactForm, props: contactFormProps },
  ])
}

/** A Request button as a card shows it: plain HTML naming the page's dialog and its item. */
export const requestButton = (dialogId: string, title: string, label: string): HarnessHtml => ({
  html: `<div class="my-4 max-w-xs">${renderToStaticMarkup(createElement(RequestOpenButton, { dialogId, title, label }))}</div>`,
})

/** The guide request dialog with two guides' buttons, as on the guides page. */
export const guideRequests = [
  ...guideTitles.map((title) => requestButton(guideRequestProps.id, title, 'Request Guide')),
  { name: 'request/RequestDialog', component: RequestDialog, props: guideRequestProps },
]

/** Both pages' request dialogs, each with its buttons (one page, to test them side by side). */
export async function openRequestButtons(page: Page) {
  await openIslandPage(page, 'requests', 'Guides and scorecards', [
    ...guideRequests,
    requestButton(scorecardRequestProps.id, scorecardTitle, 'Request Scorecard'),
    { name: 'request/RequestDialog', component: RequestDialog, props: scorecardRequestProps },
  ])
}
