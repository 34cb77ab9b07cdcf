// The bare page the bench measures the site against, in the same run, from the same origin and
// under the same throttling (tools/reference/bare-page.html): one button that opens a native
// <dialog> from an inline handler, nothing else. Its figures are the floor of this machine at
// this moment, so the site's are reported as ratios to them rather than as absolute times that
// move with the machine.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const REFERENCE_PAGE_FILE = fileURLToPath(
  new URL('../reference/bare-page.html', import.meta.url),
)

/** Where the bench serves it beside the site: a path no site route can take. */
export const REFERENCE_ROUTE = '/__bench/bare-page'

/** What the tables call it. */
export const REFERENCE_NAME = 'bare page'

/** The control pressed on it: its one button. */
export const REFERENCE_SELECTOR = 'body > button'

/** What the reference must stay, so that it stays a floor (tests/unit/reference-page.test.ts). */
export const REFERENCE_LIMITS = { maxBytes: 1024, buttons: 1, dialogs: 1 } as const

export const readReferencePage = () => readFileSync(REFERENCE_PAGE_FILE, 'utf8')
