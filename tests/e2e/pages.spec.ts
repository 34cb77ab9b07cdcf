import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { expectedRoutes } from '../../builder/content/route-table.ts'
import { isPageFile } from '../../builder/prerender/page-file.ts'
import { EDITOR_PATH } from '../../site/editor.ts'
import { clientDir } from './built-site.ts'

const routes = await expectedRoutes()

test('the build prerenders exactly the routes of the route table, plus the 404 page; its other HTML is the editor’s pages', async () => {
  const htmlFiles = (await readdir(clientDir, { recursive: true }))
    .filter((file) => file.endsWith('.html'))
    .map((file) => file.split(path.sep).join('/'))
  const built = htmlFiles
    .filter(isPageFile)
    .map((file) => (file === '404.html' ? '404' : '/' + file.replace(/\/?index\.html$/, '')))
    .sort()
  expect(built).toEqual(['404', ...routes.map((route) => route.path)].sort())
  // The rest are the editor's pages (site/editor.ts), one per admin/*.html, and nothing else.
  const editorFolder = EDITOR_PATH.slice(1)
  const editorPages = (await readdir(editorFolder))
    .filter((file) => file.endsWith('.html'))
    .map((file) => `${editorFolder}/${file}`)
  expect(htmlFiles.filter((file) => !isPageFile(file)).sort()).toEqual(editorPages.sort())
})

// Each route's status, one h1 and lang are checked in accessibility.spec.ts's visit; its title,
// description and canonical URL in seo.spec.ts.

test('page titles are unique', async ({ request }) => {
  const titles = await Promise.all(
    routes.map(
      async (route) =>
        /<title>(.*?)<\/title>/.exec(await (await request.get(route.path)).text())?.[1],
    ),
  )
  expect(new Set(titles).size).toBe(routes.length)
})

test.describe('not-found page', () => {
  test('answers an unknown path with status 404, its links, and logs the path', async ({
    page,
  }) => {
    const logged: string[] = []
    page.on('console', (message) => logged.push(message.text()))
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/')
    await expect(main.getByRole('link', { name: 'Contact us', exact: true })).toHaveAttribute(
      'href',
      '/contact',
    )
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await expect.poll(() => logged.some((line) => line.includes('/no-such-page'))).toBe(true)
  })

  test('Go Back returns to the previous page', async ({ page }) => {
    await page.goto('/industries/ai-ml')
    await page.goto('/no-such-page')
    const back = page.getByRole('button', { name: 'Go Back' })
    await expect(back).toHaveAttribute('data-hydrated')
    await back.click()
    await expect(page).toHaveURL(/\/industries\/ai-ml$/)
  })
})

test('an industry page comes from its content file: hero, roles and FAQ answers in the HTML', async ({
  request,
}) => {
  const html = await (await request.get('/industries/ai-ml')).text()
  expect(html).toContain('AI &amp; Machine Learning Interviews')
  expect(html).toContain('Machine Learning Engineer')
  expect(html).toContain('Schedule a Demo')
  // FAQ answers are in the prerendered HTML, not fetched or rendered by script.
  expect(html).toContain('Engineers with at least 8 years of experience')
})

test('legal pages show the breadcrumb and the last-updated date', async ({ page }) => {
  await page.goto('/terms-of-service')
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Terms of Service')
  await expect(page.getByText('Last updated April 15, 2025')).toBeVisible()
  await expect(page.getByText(/governed by the laws of the State of Florida/)).toBeVisible()
  await expect(page.getByText(/binding arbitration in Miami, Florida/)).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the home page and its links still work', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Technical Expertise Verified')
    await page.getByRole('link', { name: 'Terms of Service' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service')
  })
})
