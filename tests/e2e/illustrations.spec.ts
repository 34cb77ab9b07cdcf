// The heroes' illustrations as visitors get them: inlined drawings with a reserved size, named
// by their alt (or hidden when decorative), painted from the theme in light and in dark.
import { expect, test } from '@playwright/test'
import type { EntryData } from '../../content/schema/collections.ts'
import { expectedRoutes, repositoryContent } from '../../build/content/route-table.ts'

type Illustration = { file: string; alt?: string; decorative?: true }
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

const illustrated = routes.flatMap((route) => {
  const illustration = heroIllustration(route)
  return illustration ? [{ route, illustration }] : []
})

test('the home page and every page family have a hero illustration', () => {
  const paths = illustrated.map(({ route }) => route.path)
  for (const family of ['/', '/services', '/process', '/about', '/startups', '/resources/guides'])
    expect(paths).toContain(family)
  expect(paths.filter((pagePath) => pagePath.startsWith('/industries/'))).toHaveLength(
    routes.filter((route) => route.collection === 'industries').length,
  )
})

for (const { route, illustration } of illustrated) {
  test(`${route.path}: the hero illustration has its size and ${illustration.decorative ? 'is hidden as decorative' : 'its alt'}`, async ({
    page,
  }) => {
    await page.goto(route.path)
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
  })
}

test('the same drawing takes the dark theme’s colours when <html> has the class dark', async ({
  page,
}) => {
  await page.goto('/')
  const paints = () =>
    page.locator('svg.illustration').evaluate((svg) =>
      ['f-tint', 'f-surface', 'f-accent', 'f-ink'].map((role) => {
        const shape = svg.querySelector(`.${role}`)
        return shape ? getComputedStyle(shape).fill : `no .${role}`
      }),
    )
  const light = await paints()
  expect(light).not.toContain('rgb(0, 0, 0)')
  await page.evaluate(() => document.documentElement.classList.add('dark'))
  const dark = await paints()
  light.forEach((colour, index) => expect(dark[index], colour).not.toBe(colour))
})

test('an illustration adds no script and keeps the home page light', async ({ page, request }) => {
  const html = await (await request.get('/')).text()
  const svg = /<svg[^>]*class="illustration[\s\S]*?<\/svg>/.exec(html)![0]
  expect(svg.length).toBeLessThan(4 * 1024)
  expect(svg).not.toMatch(/<script|\son\w+=/i)
  await page.goto('/')
  await expect(page.locator('main svg.illustration image')).toHaveCount(0)
})
