// How the preview pane draws an entry of each collection: with the components its page is drawn
// with (pages/), fed the entry as typed and the entries it names as the repository holds them.
// An entry shown by a section of a page (an FAQ set, a testimonial list, the plans…) is drawn as
// that section of the first page that shows it, with the page's own heading and words.
import type { ReactNode } from 'react'
import type { CollectionName, EntryData, Section } from '../content/schema/collections.ts'
import {
  pageOfList,
  newestFirst,
  neighbours,
  relatedArticles,
} from '../components/articles/article-facts.ts'
import { summarizeArticle } from '../components/articles/article-summary.ts'
import { ArticleLayout } from '../components/articles/ArticleLayout.tsx'
import { ArticleList } from '../components/articles/ArticleList.tsx'
import { Pagination } from '../components/articles/Pagination.tsx'
import { CaseStudyLayout } from '../components/case-studies/CaseStudyLayout.tsx'
import { IndustryPage } from '../components/industries/IndustryPage.tsx'
import { SiteFooter } from '../components/layout/SiteFooter.tsx'
import { SiteHeader } from '../components/layout/SiteHeader.tsx'
import { breadcrumbTrail } from '../components/layout/structured-data.ts'
import type { BodyPictures } from '../components/mdx/body-components.tsx'
import { Faq } from '../components/sections/Faq.tsx'
import { LegalDocument } from '../components/sections/LegalDocument.tsx'
import { resolveSections } from '../components/sections/registry.tsx'
import { Sections } from '../components/sections/Sections.tsx'
import { Container } from '../components/ui/Container.tsx'
import {
  ARTICLES_PER_PAGE,
  buildRouteTable,
  pagedPath,
  routePath,
  type RoutedCollection,
} from '../site/routes.ts'
import { parseBody } from './preview-body.tsx'
import type { PreviewEntry, previewContent } from './preview-entries.ts'

/** What a template draws from. */
export interface PreviewInput<C extends CollectionName> {
  /** The entry as typed in the form, checked by its schema. */
  entry: PreviewEntry<C>
  /** Every entry, this one as typed. */
  content: ReturnType<typeof previewContent>
  /** The site's words (the form's, when the site itself is edited). */
  site: EntryData<'site'>
  /** A picture an entry names ("./images/x.png"), as saved or just uploaded. */
  pictures: BodyPictures
}

type Template<C extends CollectionName> = (input: PreviewInput<C>) => ReactNode

/** Page sections that show one entry of a collection, and the field naming it. */
const shownBy = {
  faqs: { type: 'faq', field: 'faq' },
  testimonials: { type: 'testimonials', field: 'set' },
  pricing: { type: 'pricing', field: 'plans' },
  leaders: { type: 'leaders', field: 'team' },
  interviewers: { type: 'interviewers', field: 'roster' },
  expertise: { type: 'expertise', field: 'areas' },
} as const satisfies { [C in CollectionName]?: { type: Section['type']; field: string } }

/** Page sections that show every entry of a collection. */
const listedBy = { guides: 'guides', scorecards: 'scorecards' } as const satisfies {
  [C in CollectionName]?: Section['type']
}

/** The first page section showing `entry`, resolved as its page resolves it. */
function sectionShowing<C extends CollectionName>(
  { entry, content }: PreviewInput<C>,
  matches: (section: Section) => boolean,
): ReactNode {
  for (const page of content.getCollection('pages')) {
    const section = page.data.sections.find(matches)
    if (section) return <Sections sections={resolveSections([section], content)} />
  }
  return <Notice>No page shows “{entry.id}” yet: add a section that names it to a page.</Notice>
}

const showingOne =
  <C extends keyof typeof shownBy>(collection: C): Template<C> =>
  (input) =>
    sectionShowing(input, (section) => {
      const { type, field } = shownBy[collection]
      return section.type === type && (section as Record<string, unknown>)[field] === input.entry.id
    })

const listingAll =
  <C extends keyof typeof listedBy>(collection: C): Template<C> =>
  (input) =>
    sectionShowing(input, (section) => section.type === listedBy[collection])

/** A preview's own note (not part of the page): plain, in the site's type. */
function Notice({ children }: { children: ReactNode }) {
  return (
    <Container>
      <p role="status" style={{ margin: '2rem 0', padding: '1rem', border: '1px dashed' }}>
        {children}
      </p>
    </Container>
  )
}

/** The breadcrumbs of an entry's page, as its +data.ts makes them. */
function crumbs<C extends RoutedCollection>(
  { entry, content, site }: PreviewInput<C>,
  collection: C,
  title: string,
) {
  const path = routePath(collection, entry as never)
  return breadcrumbTrail(path, buildRouteTable(content.getCollection), site.ui.home, title) ?? []
}

export const previewTemplates: { [C in CollectionName]: Template<C> } = {
  /** The site's words: the header and footer every page has. */
  site: ({ site }) => (
    <>
      <SiteHeader site={site} path="/" />
      <main className="pt-16">
        <Notice>The header and footer as every page shows them.</Notice>
      </main>
      <SiteFooter site={site} />
    </>
  ),
  pages: ({ entry, content }) => (
    <Sections sections={resolveSections(entry.data.sections, content)} />
  ),
  industries: ({ entry, content }) => {
    const { illustration } = entry.data.hero
    return (
      <IndustryPage
        industry={entry.data}
        faq={content.getEntry('faqs', entry.data.faq).data}
        illustration={illustration && content.illustrationOf(illustration)}
      />
    )
  },
  faqs: (input) => {
    const { entry, content } = input
    const onPage = content
      .getCollection('pages')
      .some((page) =>
        page.data.sections.some((section) => section.type === 'faq' && section.faq === entry.id),
      )
    // An industry's FAQ set is drawn at the foot of its page, with its own title.
    return onPage ? showingOne('faqs')(input) : <Faq {...entry.data} />
  },
  legal: ({ entry, site }) => (
    <LegalDocument
      title={entry.data.title}
      breadcrumbs={[
        { label: site.ui.home, path: '/' },
        { label: entry.data.title, path: routePath('legal', entry) },
      ]}
      lastUpdated={entry.data.lastUpdated}
      Content={parseBody(entry.body ?? '').Content}
    />
  ),
  testimonials: showingOne('testimonials'),
  pricing: showingOne('pricing'),
  interviewers: showingOne('interviewers'),
  leaders: showingOne('leaders'),
  expertise: showingOne('expertise'),
  'case-studies': (input) => (
    <CaseStudyLayout
      study={input.entry.data}
      pictures={input.pictures}
      breadcrumbs={crumbs(input, 'case-studies', input.entry.data.segment)}
      all={input.site.caseStudies.all}
      Content={parseBody(input.entry.body ?? '').Content}
    />
  ),
  guides: listingAll('guides'),
  scorecards: listingAll('scorecards'),
  articles: (input) => {
    const { entry, content, pictures } = input
    const summaries = newestFirst(
      content
        .getCollection('articles')
        .map((article) => summarizeArticle(article, content, pictures)),
    )
    const article = summaries.find((candidate) => candidate.id === entry.id)!
    const body = parseBody(entry.body ?? '')
    return (
      <ArticleLayout
        article={article}
        pictures={pictures}
        headings={body.headings}
        breadcrumbs={crumbs(input, 'articles', article.title)}
        {...neighbours(summaries, entry.id)}
        related={relatedArticles(summaries, entry.id)}
        Content={body.Content}
      />
    )
  },
  tags: (input) => {
    const { entry, content, site, pictures } = input
    const headline = site.articles.tagged.replace('{tag}', entry.data.title)
    const tagged = newestFirst(
      content
        .getCollection('articles')
        .filter((article) => article.data.tags.includes(entry.id))
        .map((article) => summarizeArticle(article, content, pictures)),
    )
    const { items, pages } = pageOfList(tagged, 1, ARTICLES_PER_PAGE)
    return (
      <ArticleList
        headline={headline}
        lead={entry.data.description}
        breadcrumbs={crumbs(input, 'tags', headline)}
        articles={items}
      >
        <Pagination
          page={1}
          pages={pages}
          pathOf={(page) => pagedPath(routePath('tags', entry), page)}
        />
      </ArticleList>
    )
  },
}

/** The other collections each template looks up, loaded before it draws (the site's always). */
export const previewNeeds: { [C in CollectionName]: readonly CollectionName[] } = {
  site: [],
  pages: [
    'faqs',
    'expertise',
    'industries',
    'testimonials',
    'pricing',
    'leaders',
    'interviewers',
    'case-studies',
    'guides',
    'scorecards',
  ],
  industries: ['faqs'],
  faqs: ['pages'],
  legal: [],
  testimonials: ['pages'],
  pricing: ['pages'],
  interviewers: ['pages'],
  leaders: ['pages'],
  expertise: ['pages', 'industries'],
  'case-studies': ['pages'],
  guides: ['pages', 'guides'],
  scorecards: ['pages', 'scorecards'],
  articles: ['pages', 'articles', 'tags', 'leaders', 'interviewers'],
  tags: ['pages', 'articles', 'tags', 'leaders', 'interviewers'],
}
