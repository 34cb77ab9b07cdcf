// The hero illustration a route's content gives it, and what a visitor must get of it: an inlined
// drawing with a reserved size, named by its alt or hidden when decorative. Checked on the route's
// one visit (./accessibility.spec.ts); ./illustrations.spec.ts holds what is not per page.
import { expect, type Page } from '@playwright/test'
import type { EntryData } from '../../content/schema/collections.ts'
import { expectedRoutes, repositoryContent } from '../../builder/content/route-table.ts'

export type Illustration = { file: string; alt?: string; decorative?: true }

const routes = await expectedRoutes()
const entries = await repositoryContent()
const data = <C extends 'pages' | 'industries'>(collection: C, id: string) =>
  (entries.get(collection) as readonly { id: string; data: EntryData<C> }[]).find(
    (e) => e.id === id,
  )!.data

/** The illustration content gives the route's hero, if any. */
function heroIllustration(route: (typeof routes)[number]): Illustration | undefined {
  if (route.collection === 'industries') return data('industries', route.id).hero.illustration
  if (route.collection !== 'pages') return undefined
  const hero = data('pages', route.id).sections.find((section) => section.type === 'hero')
  return hero && 'illustration' in hero ? hero.illustration : undefined
}

/** Every route whose hero has an illustration, by path. */
export const heroIllustrations = new Map(
  routes.flatMap((route) => {
    const illustration = heroIllustration(route)
    return illustration ? [[route.path, illustration] as const] : []
  }),
)

/** What a test title says the check proves. */
export const heroIllustrationCheck = (illustration: Illustration) =>
  `the hero illustration has its size and ${illustration.decorative ? 'is hidden as decorative' : 'its alt'}`

/** The page's hero holds `illustration`, sized and named (or hidden) as it must be. */
export async function expectHeroIllustration(page: Page, illustration: Illustration) {
  const drawing = page.locator('main section').first().locator('svg.illustration')
  await expect(drawing).toHaveCount(1)
  // Width and height match the viewBox, so the browser reserves the space before painting.
  const [, , width, height] = (await drawing.getAttribute('viewBox'))!.split(' ')
  await expect(drawing).toHaveAttribute('width', width!)
  await expect(drawing).toHaveAttribute('height', height!)
  const box = (await drawing.boundingBox())!
  expect(box.width).toBeGreaterThan(100)
  expect(box.height / box.width).toBeCloseTo(Number(height) / Number(width), 1)
  if (illustration.decorative) {
    await expect(drawing).toHaveAttribute('aria-hidden', 'true')
    await expect(drawing).not.toHaveAttribute('role', /.*/)
  } else {
    await expect(drawing).toHaveAttribute('role', 'img')
    await expect(drawing).toHaveAccessibleName(illustration.alt!)
  }
}
