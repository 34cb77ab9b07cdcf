// The send-contact-email function as the tests answer it, and the requests the browser keeps
// when it cannot be reached: no test talks to a real backend.
import { expect, type Page, type Route } from '@playwright/test'
import { KEPT_REQUESTS_KEY, type KeptRequest } from '../../components/forms/kept-requests.ts'
import { FUNCTION_URL } from './fixtures.ts'
import { gate } from './helpers.ts'

/**
 * A success as the spec allows it (§7: "only an error field is read"; what a success looks like
 * is "not shown"): an empty JSON object, not only this project's `{ ok: true, id }`.
 */
export const answerOk = (route: Route) => route.fulfill({ status: 200, json: {} })

/**
 * Answers the send-contact-email call with `respond` and records each body it received. The
 * request id, the anti-bot fields and the page's path the forms add are checked and taken off:
 * what remains is the spec's payload.
 */
export async function answerFunctionCalls(page: Page, respond: (route: Route) => Promise<void>) {
  const bodies: unknown[] = []
  await page.route(FUNCTION_URL, async (route) => {
    const { website, elapsedMs, requestId, pagePath, ...payload } = route.request().postDataJSON()
    // The page the form is on, which the function joins to the site's origin.
    expect(pagePath).toBe(new URL(page.url()).pathname)
    expect(website).toBe('')
    expect(elapsedMs).toBeGreaterThan(0)
    expect(requestId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    bodies.push(payload)
    await respond(route)
  })
  return bodies
}

/**
 * Answers every call as stored, but only once the returned `release` is called: for what a form
 * shows while it waits.
 */
export async function holdFunctionAnswers(page: Page) {
  const answer = gate()
  const bodies = await answerFunctionCalls(page, async (route) => {
    await answer.opened
    await answerOk(route)
  })
  return { bodies, release: answer.open }
}

/** The requests this page's browser keeps to send later (localStorage), as the forms wrote them. */
export async function keptInBrowser(page: Page): Promise<KeptRequest[]> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), KEPT_REQUESTS_KEY)
  return raw === null ? [] : (JSON.parse(raw) as KeptRequest[])
}
