// The editor's preview pane (admin/preview-pane.tsx): each collection's entry drawn with the
// site's own components, from the values as typed in the form (not as saved), over the entries of
// this repository as Decap's getCollection would hand them over (raw file data, MDX bodies in
// `body`). Rendered to static HTML: the same markup the pages are made of.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import matter from 'gray-matter'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { drawPreview, type LoadedEntries } from '../../../admin/preview-pane.tsx'
import { checkEntry, type FormEntry } from '../../../admin/preview-entries.ts'
import { previewNeeds, previewTemplates } from '../../../admin/preview-templates.tsx'
import { decapConfig } from '../../../builder/admin/decap-config.ts'
import { Faq } from '../../../components/sections/Faq.tsx'
import { collections, type CollectionName } from '../../../content/schema/collections.ts'

const CONTENT = 'content'

/** An entry's file as Decap reads it: its fields, and a document's MDX text as `body`. */
function formEntry(name: CollectionName, slug: string): FormEntry {
  const definition = collections[name]
  const file = definition.singleton
    ? path.join(CONTENT, definition.source)
    : path.join(
        CONTENT,
        definition.source,
        `${slug}.${definition.type === 'document' ? 'mdx' : 'yaml'}`,
      )
  const text = readFileSync(file, 'utf8')
  if (definition.type === 'data') return { slug, data: parse(text) as Record<string, unknown> }
  // Decap reads frontmatter with the `yaml` package too: dates stay as written.
  const { data, content } = matter(text, { engines: { yaml: (source) => parse(source) as object } })
  return { slug, data: { ...data, body: content } }
}

function slugsOf(name: CollectionName): string[] {
  const definition = collections[name]
  if (definition.singleton) return [name]
  return readdirSync(path.join(CONTENT, definition.source))
    .filter((file) => /\.(ya?ml|mdx)$/.test(file))
    .map((file) => file.replace(/\.\w+$/, ''))
    .sort()
}

/** Every entry of the repository, checked as the pane checks what it loads. */
const loaded: LoadedEntries = new Map(
  (Object.keys(collections) as CollectionName[]).map((name) => [
    name,
    slugsOf(name).flatMap((slug) => {
      const checked = checkEntry(name, formEntry(name, slug))
      return checked.ok ? [checked.entry] : []
    }),
  ]),
)

const pictures = (src: string) => ({
  width: 1200,
  height: 630,
  src: `/preview/${src}`,
  srcset: { avif: `/preview/${src}`, webp: `/preview/${src}` },
})

function draw(name: CollectionName, form: FormEntry) {
  const { drawing, problems } = drawPreview(name, form, loaded, pictures)
  expect(problems).toEqual([])
  return renderToStaticMarkup(drawing)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a form's values, any collection's
type FormData = Record<string, any>

/** The form's values of an entry, with one value changed as a writer types it. */
function typed(name: CollectionName, slug: string, change: (data: FormData) => void) {
  const form = formEntry(name, slug)
  change(form.data)
  return form
}

const TYPED = 'Typed in the form, not saved'

// For each collection: an entry, and a value the writer changes (drawn as typed).
const edits: {
  [C in CollectionName]: [slug: string, change: (data: FormData) => void]
} = {
  site: ['site', (data) => (data.footer.tagline = TYPED)],
  pages: ['about', (data) => (data.sections[0].headline = TYPED)],
  industries: ['ai-ml', (data) => (data.hero.headline = TYPED)],
  faqs: ['about', (data) => (data.items[0].answer = TYPED)],
  legal: ['privacy-policy', (data) => (data.body = `${TYPED}.\n\n${data.body}`)],
  testimonials: ['home', (data) => (data.items[0].text = TYPED)],
  pricing: ['plans', (data) => (data.items[0].title = TYPED)],
  interviewers: ['network', (data) => (data.items[0].bio = TYPED)],
  leaders: ['leadership', (data) => (data.items[0].bio = TYPED)],
  expertise: ['areas', (data) => (data.items[0].description = TYPED)],
  'case-studies': ['enterprise', (data) => (data.title = TYPED)],
  guides: ['behavioral-interviewing', (data) => (data.title = TYPED)],
  scorecards: ['backend-engineer', (data) => (data.title = TYPED)],
  articles: ['calibrating-interviewers', (data) => (data.title = TYPED)],
  tags: ['hiring-process', (data) => (data.title = TYPED)],
}

describe('the preview pane', () => {
  it('has a template for every collection of the editor’s configuration, and nothing else', () => {
    const anyIds = new Proxy({}, { get: () => [] })
    const configured = decapConfig(collections, { mode: 'local', url: '/admin/api/v1' }, anyIds)
      .collections.map((collection) => collection.name)
      .sort()
    expect(Object.keys(previewTemplates).sort()).toEqual(configured)
    expect(Object.keys(previewNeeds).sort()).toEqual(configured)
    expect(Object.keys(edits).sort()).toEqual(configured)
  })

  it.each(Object.entries(edits))(
    'draws a %s entry with the values as typed',
    (name, [slug, change]) => {
      const html = draw(name as CollectionName, typed(name as CollectionName, slug, change))
      expect(html).toContain(TYPED)
    },
  )

  it('draws an FAQ answer inside the FAQ section’s own markup, as typed, not as saved', () => {
    const saved = formEntry('faqs', 'about')
    const html = draw(
      'faqs',
      typed('faqs', 'about', (data) => (data.items[0].answer = TYPED)),
    )
    // The page's FAQ section, rendered by the site's component for the typed values.
    const items = (saved.data.items as { question: string; answer: string }[]).map((item, index) =>
      index === 0 ? { ...item, answer: TYPED } : item,
    )
    const section = renderToStaticMarkup(
      <Faq id="faq" title={String(saved.data.title)} items={items} />,
    )
    const answer = /<details[^>]*>(?:(?!<\/details>).)*<\/details>/s.exec(section)![0]
    expect(answer).toContain(`<p class="px-5 pb-5 text-muted">${TYPED}</p>`)
    expect(html).toContain(answer)
    expect(html).not.toContain(
      `>${items[0] && (saved.data.items as { answer: string }[])[0]!.answer}<`,
    )
  })

  it('draws an article’s MDX body with the site’s writer components and anchored headings', () => {
    const html = draw(
      'articles',
      typed('articles', 'calibrating-interviewers', (data) => {
        data.body = `## ${TYPED}\n\n<Callout type="tip" title="A tip">\n  Inside the callout.\n</Callout>\n\n<KeyFigures label="Figures">\n  <KeyFigure value="48 hours" label="turnaround" />\n</KeyFigures>\n`
      }),
    )
    expect(html).toContain('<div class="prose mt-8 max-w-none" data-article-body')
    expect(html).toMatch(
      /<h2 id="typed-in-the-form-not-saved" class="group">Typed in the form, not saved<a href="#typed-in-the-form-not-saved"/,
    )
    expect(html).toContain(
      '<div role="note" class="not-prose my-8 flex gap-4 rounded-xl border p-5 border-emerald-200 bg-emerald-50">',
    )
    expect(html).toContain('<p class="font-semibold text-ink">A tip</p>')
    expect(html).toContain('<dd class="text-3xl font-extrabold text-brand-800">48 hours</dd>')
    // The table of contents lists the typed heading.
    expect(html).toContain('href="#typed-in-the-form-not-saved"')
  })

  it('says what keeps the typed values from being drawn', () => {
    const { drawing, problems } = drawPreview(
      'tags',
      typed('tags', 'hiring-process', (data) => (data.description = 'Too short.')),
      loaded,
      pictures,
    )
    expect(drawing).toBeNull()
    expect(problems).toEqual([
      'description: should be at least 50 characters so search engines show it',
    ])
  })
})
