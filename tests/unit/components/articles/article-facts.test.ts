// Ordering, pagination, neighbours and related articles, the route table's list pages, and the
// feed: pure functions, checked without a build.
import { describe, expect, it } from 'vitest'
import {
  neighbours,
  newestFirst,
  pageOfList,
  readingMinutes,
  relatedArticles,
} from '../../../../components/articles/article-facts.ts'
import { buildRouteTable, listPagePath } from '../../../../site/routes.ts'
import { pageLinks } from '../../../../components/articles/Pagination.tsx'
import { FEED_ITEMS } from '../../../../site/routes.ts'
import { articleBodyHtml, feedArticles, rssXml } from '../../../../builder/outputs/feed.ts'
import { elementSource } from '../../../../builder/outputs/html-element.ts'

const article = (id: string, publishDate: string, tags: string[]) => ({
  id,
  title: id.toUpperCase(),
  publishDate,
  tags: tags.map((tag) => ({ id: tag })),
})

const sorted = newestFirst([
  article('a', '2026-01-01', ['x']),
  article('b', '2026-03-01', ['x', 'y']),
  article('c', '2026-02-01', ['y']),
  article('d', '2026-03-01', ['z']),
  article('e', '2026-04-01', ['x', 'y']),
])

describe('articles', () => {
  it('orders newest first, ties by title', () => {
    expect(sorted.map((entry) => entry.id)).toEqual(['e', 'b', 'd', 'c', 'a'])
  })

  it('previous is the next older article and next the next newer one', () => {
    expect(neighbours(sorted, 'd')).toEqual({ previous: sorted[3], next: sorted[1] })
    expect(neighbours(sorted, 'e').next).toBeUndefined()
    expect(neighbours(sorted, 'a').previous).toBeUndefined()
  })

  it('relates the articles sharing most tags, newest first among equals, at most three', () => {
    expect(relatedArticles(sorted, 'b').map((entry) => entry.id)).toEqual(['e', 'c', 'a'])
    expect(relatedArticles(sorted, 'd')).toEqual([])
  })

  it('picks related articles as sorting every other article by shared tags would', () => {
    // A fixed pseudo-random list: 300 articles with one to three of six tags.
    let seed = 7
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    const tagIds = ['a', 'b', 'c', 'd', 'e', 'f']
    const many = Array.from({ length: 300 }, (_, index) => {
      const picked = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        return tagIds[Math.floor(random() * tagIds.length)]!
      })
      return article(`article-${index}`, '2026-01-01', [...new Set(picked)])
    })
    const bySorting = (id: string, count: number) => {
      const tags = new Set(many.find((entry) => entry.id === id)!.tags.map((tag) => tag.id))
      return many
        .filter((candidate) => candidate.id !== id)
        .map((candidate, order) => ({
          id: candidate.id,
          order,
          shared: candidate.tags.filter((tag) => tags.has(tag.id)).length,
        }))
        .filter(({ shared }) => shared > 0)
        .sort((a, b) => b.shared - a.shared || a.order - b.order)
        .slice(0, count)
        .map((entry) => entry.id)
    }
    for (const { id } of many)
      for (const count of [1, 3, 5])
        expect(relatedArticles(many, id, count).map((entry) => entry.id)).toEqual(
          bySorting(id, count),
        )
    expect(relatedArticles(many, 'article-0', 0)).toEqual([])
  })

  it('splits a list into pages of a fixed length', () => {
    const items = Array.from({ length: 25 }, (_, index) => index)
    expect(pageOfList(items, 1, 12)).toEqual({ items: items.slice(0, 12), pages: 3 })
    expect(pageOfList(items, 3, 12)).toEqual({ items: [24], pages: 3 })
    expect(pageOfList([], 1, 12)).toEqual({ items: [], pages: 1 })
  })

  it('reads at 230 words a minute, at least one minute', () => {
    expect(readingMinutes(0)).toBe(1)
    expect(readingMinutes(690)).toBe(3)
  })
})

describe('route table', () => {
  const table = (count: number) =>
    buildRouteTable(((name: string) =>
      name === 'articles'
        ? Array.from({ length: count }, (_, index) => ({
            id: `article-${index}`,
            // Every other article is filed under "remote".
            data: { title: `Article ${index}`, tags: index % 2 ? [] : ['remote'] },
          }))
        : name === 'tags'
          ? [{ id: 'remote', data: { title: 'Remote hiring', description: 'Remote.' } }]
          : name === 'site'
            ? [
                {
                  id: 'site',
                  data: { lists: { 'article-list': { title: 'Articles', page: 'page' } } },
                },
              ]
            : []) as never)

  it('has one list page per twelve articles, the first at the list address', () => {
    const lists = (count: number) =>
      table(count)
        .filter((route) => route.collection === 'article-list')
        .map((route) => `${route.path} ${route.title}`)
    expect(lists(0)).toEqual(['/resources/articles Articles'])
    expect(lists(12)).toEqual(['/resources/articles Articles'])
    expect(lists(13)).toEqual([
      '/resources/articles Articles',
      '/resources/articles/page/2 Articles, page 2',
    ])
    expect(listPagePath('article-list', 3)).toBe('/resources/articles/page/3')
    expect(table(13).filter((route) => route.collection === 'articles')).toHaveLength(13)
  })

  it('gives a tag a page per twelve of its articles, numbered like the list', () => {
    const tagPages = (count: number) =>
      table(count)
        .filter((route) => route.collection === 'tags')
        .map((route) => `${route.path} ${route.id} ${route.page ?? 1} ${route.title}`)
    expect(tagPages(24)).toEqual(['/resources/articles/tags/remote remote 1 Remote hiring'])
    expect(tagPages(25)).toEqual([
      '/resources/articles/tags/remote remote 1 Remote hiring',
      '/resources/articles/tags/remote/page/2 remote 2 Remote hiring, page 2',
    ])
  })
})

describe('feed', () => {
  it('carries the newest FEED_ITEMS articles, in the order the site lists them', () => {
    // 25 articles, one a day from 2026-01-01, filed oldest first, with two on the newest day.
    const day = (index: number) => `2026-01-${String(index + 1).padStart(2, '0')}`
    const entries = Array.from({ length: 25 }, (_, index) => ({
      id: `a${index}`,
      data: {
        publishDate: day(Math.min(index, 23)),
        title: `Article ${String(index).padStart(2, '0')}`,
      },
    }))
    const fed = feedArticles(entries)
    expect(FEED_ITEMS).toBe(20)
    expect(fed).toHaveLength(FEED_ITEMS)
    // The two of 2026-01-24 by title, then one a day back to 2026-01-06.
    expect(fed.map((entry) => entry.id)).toEqual([
      'a23',
      'a24',
      ...Array.from({ length: 18 }, (_, index) => `a${22 - index}`),
    ])
    expect(feedArticles(entries.slice(0, 3)).map((entry) => entry.id)).toEqual(['a2', 'a1', 'a0'])
  })
  it('takes the article body from the built page with every link absolute', () => {
    const page = `<html><body><main><div class="prose" data-article-body=""><p>See <a href="/process">our process</a>.</p><picture><source srcset="/images/a-480.avif 480w, /images/a-800.avif 800w"><img src="/images/a-800.webp" alt="A"></picture></div></main></body></html>`
    expect(articleBodyHtml(page, 'https://example.com')).toBe(
      '<p>See <a href="https://example.com/process">our process</a>.</p><picture><source srcset="https://example.com/images/a-480.avif 480w, https://example.com/images/a-800.avif 800w"><img src="https://example.com/images/a-800.webp" alt="A"></picture>',
    )
    expect(() => articleBodyHtml('<p>no body</p>', 'https://example.com')).toThrow(
      /data-article-body/,
    )
  })
  it('reads only the marked element, to its own end tag, however deep its own divs go', () => {
    const body = '<div data-article-body=""><div><p>One</p><div><br/></div></div><p>Two</p></div>'
    const page = `<body><div class="x"><div data-other="">${body}<div>Related</div></div></div></body>`
    expect(elementSource(page, 'data-article-body')).toBe(body)
    expect(elementSource(page, 'data-missing')).toBeUndefined()
    expect(articleBodyHtml(page, 'https://example.com')).toBe(
      '<div><p>One</p><div><br></div></div><p>Two</p>',
    )
  })

  it('writes RSS 2.0 with escaped text and the full body in CDATA', () => {
    const xml = rssXml(
      {
        title: 'Articles & notes',
        description: 'All of them',
        siteUrl: 'https://example.com',
        listPath: '/resources/articles',
        feedPath: '/rss.xml',
      },
      [
        {
          title: 'Hiring <fast>',
          description: 'Why',
          path: '/resources/articles/hiring',
          publishDate: '2026-05-01',
          author: 'Elena Vasquez',
          tags: ['Hiring'],
          html: '<p>Body with ]]> inside</p>',
        },
      ],
    )
    expect(xml).toContain('<title>Articles &amp; notes</title>')
    expect(xml).toContain('<title>Hiring &lt;fast&gt;</title>')
    expect(xml).toContain('<link>https://example.com/resources/articles/hiring</link>')
    expect(xml).toContain('<pubDate>Fri, 01 May 2026 12:00:00 GMT</pubDate>')
    expect(xml).toContain('<![CDATA[<p>Body with ]]]]><![CDATA[> inside</p>]]>')
    expect(xml).toContain('<atom:link href="https://example.com/rss.xml" rel="self"')
  })
})

describe('page links', () => {
  it('links every page of a short list', () => {
    expect(pageLinks(1, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pageLinks(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })
  it('keeps a long list to the ends and the pages near the current one', () => {
    expect(pageLinks(1, 400)).toEqual([1, 2, 3, 0, 400])
    expect(pageLinks(200, 400)).toEqual([1, 0, 198, 199, 200, 201, 202, 0, 400])
    expect(pageLinks(400, 400)).toEqual([1, 0, 398, 399, 400])
  })
})
