// Playwright's `test` with an `errors` fixture: the page's console errors and uncaught
// exceptions, collected from before its first navigation. A test that takes it says, at the point
// it chooses, that the list is empty.
import { test as base } from '@playwright/test'
import { collectErrors } from './helpers.ts'

export const test = base.extend<{ errors: string[] }>({
  // Named `provide`, not Playwright's usual `use`, which the React hooks lint rule would take for
  // React's use().
  errors: async ({ page }, provide) => provide(collectErrors(page)),
})

export { expect } from '@playwright/test'
