// axe-core (WCAG 2.0/2.1/2.2 A and AA) on every route of the route table, and the 404 page, at a
// desktop and a phone width. Dialog and menu states are checked where those islands are tested.
import { expect, test } from '@playwright/test'
import { expectedRoutes } from '../routes.ts'
import { axeViolations } from './axe.ts'

const routes = [...(await expectedRoutes()).map((route) => route.path), '/this-page-does-not-exist']

for (const width of [1280, 390]) {
  test.describe(`axe at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } })
    for (const path of routes) {
      test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
        await page.goto(path)
        // Check the page as a visitor meets it: after its islands have hydrated.
        await page.waitForLoadState('networkidle')
        expect(await axeViolations(page)).toEqual([])
      })
    }
  })
}
