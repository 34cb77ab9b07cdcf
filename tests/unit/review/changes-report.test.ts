// The comparison behind `npm run changes`, on small hand-written builds: what counts as a
// change (words and structured data, not markup or asset hashes), what is reported per page
// and what once for the whole site, and how the Markdown report reads.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readBuiltPages, routeOfFile } from '../../../review/built-pages.ts'
import { groupChanges } from '../../../review/change-groups.ts'
import { renderChangesReport } from '../../../review/changes-report.ts'
import { compareSites, nothingChanged, wordChanges } from '../../../review/page-changes.ts'
import { readPageText } from '../../../review/page-text.ts'
import { readableChanges, renderReadableChange } from '../../../review/readable-diff.ts'

interface PageSource {
  title: string
  main: string
  menu?: string[]
  faq?: { question: string; answer: string }[]
  asset?: string
  company?: string
}

const MENU = ['AI & Machine Learning', 'Web Development']

/** A page built the way the site's pages are: head, JSON-LD, header with two menus, footer. */
function page({
  title,
  main,
  menu = MENU,
  faq,
  asset = 'a1b2c3',
  company = 'Panelwise',
}: PageSource) {
  const items = menu.map((label) => `<li><a href="/x">${label}</a></li>`).join('')
  const jsonLd = [
    { '@context': 'https://schema.org', '@type': 'Organization', '@id': '/#org', name: company },
    ...(faq
      ? [
          {
            '@context': 'https://schema.org',
            '@type': 'FAQPage',
            mainEntity: faq.map((item) => ({
              '@type': 'Question',
              name: item.question,
              acceptedAnswer: { '@type': 'Answer', text: item.answer },
            })),
          },
        ]
      : []),
  ]
  const faqHtml = (faq ?? [])
    .map((item) => `<details><summary>${item.question}</summary><p>${item.answer}</p></details>`)
    .join('')
  return `<!DOCTYPE html><html><head><title>${title}</title>
    <meta name="description" content="About ${title}">
    <link rel="stylesheet" href="/assets/style.${asset}.css">
    ${jsonLd.map((node) => `<script type="application/ld+json">${JSON.stringify(node)}</script>`).join('')}
    <script data-page-script="/assets/start.${asset}.js">(function(){})()</script>
  </head><body><header><a href="/"><svg><title>logo</title></svg>Panelwise</a>
    <nav aria-label="Main"><ul>${items}</ul></nav>
    <div data-island="nav/MobileMenu" data-props="{&quot;h&quot;:&quot;${asset}&quot;}"><nav><button>Menu</button><ul>${items}</ul></nav></div>
  </header><main id="main"><h1>${title}</h1><p class="c-${asset}">${main}</p>${faqHtml}</main>
  <footer><p>© 2026 ${company}</p></footer></body></html>`
}

const FAQ = [
  { question: 'How long is an interview?', answer: 'A standard interview is 60 minutes.' },
  { question: 'Who interviews?', answer: 'Senior engineers.' },
]

const temporary: string[] = []
afterEach(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

/** Writes a dist/client tree: route → HTML. */
async function build(pages: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'changes-compare-'))
  temporary.push(dir)
  for (const [route, html] of Object.entries(pages)) {
    const file = route === '/' ? 'index.html' : `${route.slice(1)}/index.html`
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true })
    await writeFile(path.join(dir, file), html)
  }
  return dir
}

async function compare(before: Record<string, string>, after: Record<string, string>) {
  const [beforePages, afterPages] = [
    await readBuiltPages(await build(before)),
    await readBuiltPages(await build(after)),
  ]
  const changes = compareSites(beforePages, afterPages)
  const groups = groupChanges({
    changes,
    before: beforePages,
    after: afterPages,
    files: [],
    fileOfRoute: new Map(),
  })
  return {
    changes,
    groups,
    report: renderChangesReport({ changes, groups }, { base: '`main`', head: 'the branch' }),
  }
}

const site = (
  overrides: Partial<Record<string, Partial<PageSource>>> = {},
  shared: Partial<PageSource> = {},
) => {
  const pages: Record<string, PageSource> = {
    '/': { title: 'Home', main: 'Interviews by engineers.', faq: FAQ },
    '/industries/ai-ml': { title: 'AI', main: 'Machine learning interviews.', faq: FAQ },
    '/about': { title: 'About', main: 'Who we are.' },
  }
  return Object.fromEntries(
    Object.entries({ ...pages, ...overrides })
      .filter(([, source]) => source !== undefined)
      .map(([route, source]) => [
        route,
        page({ ...pages[route], ...shared, ...source } as PageSource),
      ]),
  )
}

describe('reading a built page', () => {
  it('keeps the words a visitor reads and the JSON-LD, not markup, scripts or drawings', () => {
    const text = readPageText(
      page({ title: 'AI', main: 'Machine <b>learning</b> interviews.', faq: FAQ }),
    )
    expect(text.title).toBe('AI')
    expect(text.description).toBe('About AI')
    expect(text.main).toBe(
      [
        'AI',
        'Machine learning interviews.',
        'How long is an interview?',
        'A standard interview is 60 minutes.',
        'Who interviews?',
        'Senior engineers.',
      ].join('\n'),
    )
    // The phone menu repeats the desktop menu: each line is read once; the logo's <svg> is not.
    expect(text.header).toBe(['Panelwise', ...MENU, 'Menu'].join('\n'))
    expect(text.footer).toBe('© 2026 Panelwise')
    expect(text.structuredData.map((node) => (node as { '@type': string })['@type'])).toEqual([
      'Organization',
      'FAQPage',
    ])
  })

  it('keeps apart the words of elements laid out side by side, not of one word', () => {
    const text = readPageText(
      '<main><p><span>$250</span><span>per interview</span></p><p>Pan<b>el</b>wise</p></main>',
    )
    expect(text.main).toBe('$250 per interview\nPanelwise')
  })

  it('names pages by the address they answer at', () => {
    expect(routeOfFile('index.html')).toBe('/')
    expect(routeOfFile(path.join('industries', 'ai-ml', 'index.html'))).toBe('/industries/ai-ml')
    expect(routeOfFile('404.html')).toBe('/404.html')
  })

  it('says which page has broken JSON-LD', async () => {
    const dir = await build({ '/about': '<script type="application/ld+json">{oops</script>' })
    await expect(readBuiltPages(dir)).rejects.toThrow(
      /about[/\\]index\.html: JSON-LD block 1 is not valid JSON/,
    )
  })
})

describe('comparing two builds', () => {
  it('reports no page changed when only asset hashes and markup changed', async () => {
    const { changes, report } = await compare(site(), site({}, { asset: 'ffff99' }))
    expect(nothingChanged(changes)).toBe(true)
    expect(changes.unchanged).toEqual(['/', '/about', '/industries/ai-ml'])
    expect(report).toContain('**No page changed.** All 3 pages read the same as before')
    expect(report).not.toContain('### ')
  })

  it('lists exactly the pages that show a changed FAQ answer, with the word diff', async () => {
    const edited = FAQ.map((item, index) =>
      index === 0 ? { ...item, answer: 'A standard interview is 45 minutes.' } : item,
    )
    const { changes, report } = await compare(
      site(),
      site({ '/': { faq: edited }, '/industries/ai-ml': { faq: edited } }),
    )
    expect(changes.changed.map((page) => page.route)).toEqual(['/', '/industries/ai-ml'])
    expect(changes.unchanged).toEqual(['/about'])
    expect(changes.shared).toEqual([])
    const home = changes.changed[0]!
    expect(home.changes.map((change) => [change.part, change.field])).toEqual([
      ['Main content', undefined],
      ['Structured data', 'FAQPage mainEntity[0].acceptedAnswer.text'],
    ])
    const changedWords = home.changes[0]!.words.filter((word) => word.added || word.removed)
    expect(changedWords.map((word) => [word.removed ? '-' : '+', word.value])).toEqual([
      ['-', '60'],
      ['+', '45'],
    ])
    expect(report).toContain(
      '**Pages:** 0 added, 0 removed, 2 changed (1 shown in full, 1 listed under the change they show), 1 unchanged.',
    )
    // Shown once, in full, on the first page showing it; the other page is one line under it.
    expect(report.match(/^### .*$/gm)).toEqual(['### `/`: Home'])
    expect(report).toContain(
      'Also shown on 1 page (not repeated):\n\n- `/industries/ai-ml`: AI (main content, structured data)',
    )
    expect(report).not.toContain('`/about`')
    expect(report).toContain(
      '**Main content**\n\n- Before: A standard interview is ~~60~~ minutes.\\\n' +
        '  After: A standard interview is **45** minutes.',
    )
    expect(report).toContain('**Structured data** `FAQPage mainEntity[0].acceptedAnswer.text`')
  })

  it('reports an added page once, and the menu change once for all the pages it is on', async () => {
    const menu = [...MENU, 'Robotics']
    const { changes, report } = await compare(
      site(),
      site({ '/industries/robotics': { title: 'Robotics', main: 'Robot interviews.' } }, { menu }),
    )
    expect(changes.added).toEqual([{ route: '/industries/robotics', title: 'Robotics' }])
    expect(changes.removed).toEqual([])
    expect(changes.changed).toEqual([])
    expect(changes.sharedOnly).toEqual(['/', '/about', '/industries/ai-ml'])
    expect(changes.shared).toHaveLength(1)
    expect(changes.shared[0]!.part).toBe('Header and navigation')
    expect(changes.shared[0]!.routes).toEqual(['/', '/about', '/industries/ai-ml'])
    expect(report).toContain(
      '### New page `/industries/robotics`: Robotics\n\n**Description:** About Robotics',
    )
    expect(report).toContain('Changed on many pages at once: header and navigation (each change')
    expect(report.match(/Header and navigation/g)).toHaveLength(1)
    expect(report).toContain('#### Header and navigation, on every page (3)')
    expect(report.match(/\*\*Robotics\*\*/g)).toHaveLength(1)
    expect(report).toContain(
      '- Before: Web Development / Menu\\\n  After: Web Development / **Robotics** / Menu',
    )
  })

  it('reports a removed page, and a site-wide JSON-LD entity once', async () => {
    const { changes, report } = await compare(
      site(),
      site({ '/about': undefined }, { company: 'Panelwise Ltd' }),
    )
    expect(changes.removed).toEqual([{ route: '/about', title: 'About' }])
    expect(changes.shared.map((change) => [change.part, change.field, change.routes])).toEqual([
      ['Footer', undefined, ['/', '/industries/ai-ml']],
      ['Structured data', 'Organization name', ['/', '/industries/ai-ml']],
    ])
    expect(report).toContain(
      '### Removed page `/about`: About\n\n**It was:** About About\n\n' +
        '**Its address now answers 404 Not Found**',
    )
    expect(report).toContain('#### Structured data `Organization name`, on every page (2)')
    expect(report).toContain('- Before: Panelwise\\\n  After: Panelwise **Ltd**')
  })
})

describe('grouping changes by cause', () => {
  it('names the lists a new page joins under it, and where a removed address leads', async () => {
    const { changes, report } = await compare(
      site({
        '/industries': { title: 'Industries', main: 'AI Interviews.' },
        '/industries/old': { title: 'Old industry page', main: 'Old.' },
      }),
      site({
        '/industries': { title: 'Industries', main: 'AI Interviews. Robotics Interviews Today.' },
        '/industries/robotics': { title: 'Robotics Interviews Today', main: 'Robot interviews.' },
      }),
    )
    expect(changes.changed.map((page) => page.route)).toEqual(['/industries'])
    expect(report.match(/^### .*$/gm)).toEqual([
      '### New page `/industries/robotics`: Robotics Interviews Today',
      '### Removed page `/industries/old`: Old industry page',
    ])
    expect(report).toContain(
      'Now listed on 1 page (not repeated):\n\n- `/industries`: Industries (main content)',
    )
    expect(report).toContain(
      '**Its address now redirects to `/industries`** (the nearest page above it).',
    )
  })
})

describe('word diffs in the report', () => {
  const readable = (before: string, after: string) =>
    readableChanges(wordChanges(before, after)!).map(renderReadableChange)

  it('shows the sentence before and after, spaces and punctuation kept', () => {
    expect(readable('$250 per interview', '$260 per interview')).toEqual([
      '- Before: $~~250~~ per interview\\\n  After: $**260** per interview',
    ])
    expect(
      readable(
        'Intro line.\nWe reply fast. A standard interview is 60 minutes, with notes. Then more.',
        'Intro line.\nWe reply fast. A standard interview is 45 minutes, with notes. Then more.',
      ),
    ).toEqual([
      '- Before: A standard interview is ~~60~~ minutes, with notes.\\\n' +
        '  After: A standard interview is **45** minutes, with notes.',
    ])
  })

  it('keeps nearby changes in one sentence, and cuts long sentences with an ellipsis', () => {
    expect(readable('a b c d', 'x b c y')).toEqual([
      '- Before: ~~a~~ b c ~~d~~\\\n  After: **x** b c **y**',
    ])
    const words = Array.from({ length: 60 }, (_, index) => `w${index}`)
    const changed = words.map((word) => (word === 'w30' ? 'W30' : word))
    const [line] = readable(words.join(' '), changed.join(' '))
    expect(line).toMatch(
      /^- Before: …w10 .* ~~w30~~ .* w50…\\\n {2}After: …w10 .* \*\*W30\*\* .* w50…$/,
    )
  })

  it('treats text that only moved between lines as unchanged, and escapes Markdown', () => {
    expect(wordChanges('a b\nc', 'a b c')).toBeUndefined()
    expect(readable('use *stars*', 'use _under_')).toEqual([
      '- Before: use ~~\\*stars\\*~~\\\n  After: use **\\_under\\_**',
    ])
  })
})
