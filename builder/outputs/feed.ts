// The RSS 2.0 feed of the articles (/rss.xml): the newest published articles, newest first, with
// their full text as the built page shows it and every link made absolute, so a feed reader
// shows the article as it is on the site.
import { DomUtils, parseDocument } from 'htmlparser2'
import render from 'dom-serializer'
import { compareNewestFirst } from '../../components/articles/article-facts.ts'
import { FEED_ITEMS } from '../../site/routes.ts'
import { elementSource } from './html-element.ts'

/** The articles the feed carries: the newest FEED_ITEMS, in the order the site lists them. */
export function feedArticles<T extends { data: { publishDate: string; title: string } }>(
  articles: readonly T[],
): T[] {
  return articles.toSorted((a, b) => compareNewestFirst(a.data, b.data)).slice(0, FEED_ITEMS)
}

export interface FeedItem {
  title: string
  description: string
  /** Path of the article's page. */
  path: string
  /** YYYY-MM-DD */
  publishDate: string
  author: string
  tags: string[]
  /** The body as HTML, from the built page. */
  html: string
}

export interface FeedChannel {
  title: string
  description: string
  /** The public origin, without a trailing slash. */
  siteUrl: string
  /** Path of the page listing the articles. */
  listPath: string
  feedPath: string
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The article body of a built page (the element marked data-article-body), links absolute. */
export function articleBodyHtml(pageHtml: string, siteUrl: string): string {
  // Only the body element is parsed, not the whole page around it (a thousand-article build
  // reads a thousand pages for the feed).
  const document = parseDocument(elementSource(pageHtml, 'data-article-body') ?? '')
  const body = DomUtils.findOne(
    (element) => element.attribs['data-article-body'] !== undefined,
    document.children,
  )
  if (!body) throw new Error('the built article page has no element with data-article-body')
  for (const element of DomUtils.findAll(() => true, body.children)) {
    for (const name of ['href', 'src'] as const) {
      const value = element.attribs[name]
      if (value?.startsWith('/')) element.attribs[name] = siteUrl + value
    }
    const srcset = element.attribs.srcset
    if (srcset)
      element.attribs.srcset = srcset
        .split(', ')
        .map((candidate) => (candidate.startsWith('/') ? siteUrl + candidate : candidate))
        .join(', ')
  }
  return render(body.children, { decodeEntities: false })
}

/** RFC 822 date at noon UTC, as RSS 2.0 wants. */
const rssDate = (date: string) => new Date(`${date}T12:00:00Z`).toUTCString()

export function rssXml(channel: FeedChannel, items: FeedItem[]): string {
  const link = channel.siteUrl + channel.listPath
  const entries = items.map((item) => {
    const url = channel.siteUrl + item.path
    return [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${rssDate(item.publishDate)}</pubDate>`,
      `      <dc:creator>${escapeXml(item.author)}</dc:creator>`,
      ...item.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      `      <description>${escapeXml(item.description)}</description>`,
      `      <content:encoded><![CDATA[${item.html.replace(/]]>/g, ']]]]><![CDATA[>')}]]></content:encoded>`,
      '    </item>',
    ].join('\n')
  })
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(channel.title)}</title>
    <link>${escapeXml(link)}</link>
    <description>${escapeXml(channel.description)}</description>
    <language>en-us</language>
    <atom:link href="${escapeXml(channel.siteUrl + channel.feedPath)}" rel="self" type="application/rss+xml"/>
${items[0] ? `    <lastBuildDate>${rssDate(items[0].publishDate)}</lastBuildDate>\n` : ''}${entries.join('\n')}
  </channel>
</rss>
`
}
