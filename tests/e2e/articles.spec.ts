// Long-form content on the built site: the articles list, an article page, a tag page, the RSS
// feed and the case-study pages, each checked against the content it was built from.
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { loadContent } from '../../builder/content/load.ts'
import { collections, type EntryData } from '../../content/schema/collections.ts'
import { FEED_ITEMS, routedLists } from '../../site/routes.ts'
import { collectErrors, fetchText, stubScheduler } from './helpers.ts'

const content = (await loadContent(path.resolve(import.meta.dirname, '../..'), collections)).entries
const list = <C extends 'articles' | 'tags' | 'case-studies' | 'site'>(name: C) =>
  content.get(name) as { id: string; file: string; data: EntryData<C> }[]
const articles = list('articles').sort(
  (a, b) =>
    b.data.publishDate.localeCompare(a.data.publishDate) ||
    a.data.title.localeCompare(b.data.title),
)
const site = list('site')[0]!.data
const scriptOf = (html: string) => /data-page-script="([^"]+)"/.exec(html)?.[1]

test('the list shows every article newest first, each card complete, with no pages beyond', async ({
  page,
}) => {
  await page.goto('/resources/articles')
  const cards = page.locator('[data-article-list] article')
  expect(articles.length).toBeLessThanOrEqual(routedLists['article-list'].perPage)
  await expect(cards).toHaveCount(articles.length)
  await expect(cards.getByRole('heading')).toHaveText(articles.map((a) => a.data.title))
  for (const [index, article] of articles.entries()) {
    const card = cards.nth(index)
    await expect(card.getByRole('link', { name: article.data.title })).toHaveAttribute(
      'href',
      `/resources/articles/${article.id}`,
    )
    await expect(card).toContainText(article.data.description)
    await expect(card.locator(`time[datetime="${article.data.publishDate}"]`)).toHaveCount(1)
    await expect(card).toContainText(/\d+ min read/)
    await expect(
      card.getByRole('list', { name: site.articles.tags }).getByRole('link'),
    ).toHaveCount(article.data.tags.length)
    await expect(card.locator('picture img')).toHaveCount(article.data.cover ? 1 : 0)
  }
  // Six articles fit on one page: no page navigation, and no second page.
  await expect(page.getByRole('navigation', { name: site.articles.pagination })).toHaveCount(0)
  const second = await page.request.get('/resources/articles/page/2', { maxRedirects: 0 })
  expect(second.status()).not.toBe(200)
})

test('an article page: anchored headings, contents, highlighted code, table, neighbours, related and the booking call', async ({
  page,
}) => {
  const errors = collectErrors(page)
  await stubScheduler(page)
  const article = articles.find((candidate) => candidate.id === 'structured-scorecards')!
  await page.goto(`/resources/articles/${article.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.data.title)
  const main = page.getByRole('main')

  // Every "##" heading has an id and a link to it; the contents list links to each.
  const headings = main.locator('[data-article-body] > h2')
  const count = await headings.count()
  expect(count).toBeGreaterThanOrEqual(4)
  const toc = main.getByRole('navigation', { name: site.articles.onThisPage })
  for (let index = 0; index < count; index++) {
    const id = await headings.nth(index).getAttribute('id')
    expect(id).toBeTruthy()
    await expect(headings.nth(index).locator(`a[href="#${id}"]`)).toHaveCount(1)
    await expect(toc.locator(`a[href="#${id}"]`)).toHaveCount(1)
  }

  // Code is highlighted at build time: coloured spans in the HTML, no highlighter shipped.
  const code = main.locator('[data-article-body] pre code')
  await expect(code).toHaveCount(1)
  // Coloured by class (builder/content/code-colors.ts), the policy allowing no style attribute.
  const tokens = code.locator('span[class*="code-fg-"]')
  expect(await tokens.count()).toBeGreaterThan(10)
  const colours = await tokens.evaluateAll((spans) =>
    spans.map((span) => getComputedStyle(span).color),
  )
  expect(new Set(colours).size).toBeGreaterThan(2)
  await expect(code.locator('[style]')).toHaveCount(0)
  await expect(main.locator('[data-article-body] table')).toHaveCount(1)

  // Tags link to their pages.
  for (const tag of article.data.tags)
    await expect(
      main
        .getByRole('list', { name: site.articles.tags })
        .first()
        .locator(`a[href$="/tags/${tag}"]`),
    ).toHaveCount(1)

  // Previous is the next older article, next the next newer one.
  const index = articles.indexOf(article)
  const previous = articles[index + 1]
  const next = articles[index - 1]
  if (previous)
    await expect(main.locator('a[rel="prev"]')).toHaveAttribute(
      'href',
      `/resources/articles/${previous.id}`,
    )
  if (next)
    await expect(main.locator('a[rel="next"]')).toHaveAttribute(
      'href',
      `/resources/articles/${next.id}`,
    )

  // Related: up to three others, each sharing a tag.
  const related = main.getByRole('region', { name: site.articles.related }).locator('article')
  const relatedCount = await related.count()
  expect(relatedCount).toBeGreaterThan(0)
  expect(relatedCount).toBeLessThanOrEqual(3)
  for (let i = 0; i < relatedCount; i++) {
    const href = await related.nth(i).getByRole('heading').getByRole('link').getAttribute('href')
    const other = articles.find((candidate) => href === `/resources/articles/${candidate.id}`)!
    expect(other.data.tags.some((tag) => article.data.tags.includes(tag))).toBe(true)
  }

  // The closing call to action opens the booking dialog in place.
  const cta = main.getByRole('link', { name: site.articles.cta.label }).last()
  await expect(cta).toHaveAttribute('aria-haspopup', 'dialog')
  await cta.click()
  await expect(page.getByRole('dialog', { name: site.scheduler.title })).toBeVisible()
  expect(errors).toEqual([])
})

test('an article ships the same page script as a page without long-form content', async ({
  request,
}) => {
  const articleHtml = await (await request.get(`/resources/articles/${articles[0]!.id}`)).text()
  const processHtml = await (await request.get('/process')).text()
  expect(scriptOf(articleHtml)).toBeTruthy()
  expect(scriptOf(articleHtml)).toBe(scriptOf(processHtml))
  expect(articleHtml.match(/<script\b(?![^>]*application\/ld\+json)[^>]*>/g)).toEqual(
    processHtml.match(/<script\b(?![^>]*application\/ld\+json)[^>]*>/g),
  )
})

test('pictures come in AVIF and WebP with sizes and dimensions; the first loads eagerly', async ({
  page,
  request,
}) => {
  const article = articles.find((candidate) => candidate.data.cover)!
  await page.goto(`/resources/articles/${article.id}`)
  const cover = page.locator('main picture').first()
  const avif = await cover.locator('source[type="image/avif"]').getAttribute('srcset')
  const webp = await cover.locator('source[type="image/webp"]').getAttribute('srcset')
  expect(avif).toMatch(/\.avif \d+w/)
  expect(webp).toMatch(/\.webp \d+w/)
  expect(await cover.locator('source').first().getAttribute('sizes')).toBeTruthy()
  const img = cover.locator('img')
  await expect(img).toHaveAttribute('alt', article.data.cover!.alt.trim())
  await expect(img).toHaveAttribute('width', /^\d+$/)
  await expect(img).toHaveAttribute('height', /^\d+$/)
  await expect(img).toHaveAttribute('loading', 'eager')
  for (const candidate of `${avif}, ${webp}`.split(', ')) {
    const response = await request.get(candidate.split(' ')[0]!)
    expect(response.status()).toBe(200)
  }
  // Cards further down the related list wait until they are scrolled near.
  const lazy = page.locator('main [aria-labelledby="related-heading"] img')
  for (let i = 0; i < (await lazy.count()); i++)
    await expect(lazy.nth(i)).toHaveAttribute('loading', 'lazy')
})

test('a tag page lists exactly the articles with that tag', async ({ page }) => {
  for (const tag of list('tags')) {
    await page.goto(`/resources/articles/tags/${tag.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      site.articles.tagged.replace('{tag}', tag.data.title),
    )
    const expected = articles.filter((article) => article.data.tags.includes(tag.id))
    await expect(page.locator('[data-article-list] article').getByRole('heading')).toHaveText(
      expected.map((article) => article.data.title),
    )
  }
})

test('rss.xml has the newest articles in full, with absolute links, and is announced in the head', async ({
  request,
}) => {
  const xml = await fetchText(request, '/rss.xml')
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/)
  const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, item]) => item!)
  expect(items).toHaveLength(Math.min(articles.length, FEED_ITEMS))
  items.forEach((item, index) => {
    const article = articles[index]!
    expect(item).toContain(`<link>https://`)
    expect(item).toContain(`/resources/articles/${article.id}</link>`)
    const body = /<content:encoded><!\[CDATA\[([\s\S]*)\]\]><\/content:encoded>/.exec(item)![1]!
    // The full body: every "##" heading of the article is there, and no link is relative.
    expect(body.match(/<h2/g)?.length).toBeGreaterThanOrEqual(3)
    expect(body).not.toMatch(/(href|src)="\//)
  })
})

test('every case study card links to its page, which tells the whole story', async ({ page }) => {
  await page.goto('/resources/case-studies')
  for (const study of list('case-studies')) {
    const link = page.locator(`[data-case-studies] a[href="/resources/case-studies/${study.id}"]`)
    await expect(link).toHaveCount(1)
  }
  const study = list('case-studies')[0]!
  await page.goto(`/resources/case-studies/${study.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(study.data.title)
  const body = page.locator('[data-case-study-body]')
  for (const heading of ['Context', 'Challenge', 'Approach', 'Results'])
    await expect(body.getByRole('heading', { level: 2, name: heading })).toHaveCount(1)
  await expect(body.locator('dl dd').first()).toBeVisible()
  await expect(body.locator('figure blockquote')).toHaveCount(1)
})
