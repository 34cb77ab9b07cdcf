// The heroes' illustrations as visitors get them: inlined drawings with a reserved size, named
// by their alt (or hidden when decorative), painted from the theme in light and in dark. Each
// illustrated page's own drawing is checked on that page's one visit (./accessibility.spec.ts,
// ./hero-illustration.ts); here, what holds across pages.
import { expect, test } from '@playwright/test'
import { expectedRoutes } from '../../builder/content/route-table.ts'
import { heroIllustrations } from './hero-illustration.ts'

const routes = await expectedRoutes()

test('the home page and every page family have a hero illustration', () => {
  const paths = [...heroIllustrations.keys()]
  for (const family of ['/', '/services', '/process', '/about', '/startups', '/resources/guides'])
    expect(paths).toContain(family)
  expect(paths.filter((pagePath) => pagePath.startsWith('/industries/'))).toHaveLength(
    routes.filter((route) => route.collection === 'industries').length,
  )
})

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
