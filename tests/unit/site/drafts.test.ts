// Drafts: checked like any entry, shown by the dev server, left out of the production build,
// its navigation and anything listing published entries; a published entry cannot need one.
// On the small fixture site (../helpers/small-site.ts) with drafts added: what it proves does not depend
// on how many published pages there are.
import { execFile, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { withoutEditor } from '../../../builder/admin/without-editor.ts'
import { NO_DEPENDENCY_BUNDLING } from '../helpers/site-copy.ts'
import { copySmallSite, writeSmallSiteContent } from '../helpers/small-site.ts'
import { isPublished, withoutLinksTo } from '../../../site/drafts.ts'
import { loadContent } from '../../../builder/content/load.ts'
import { formatReport } from '../../../builder/content/report.ts'
import { collections } from '../../../content/schema/collections.ts'
import { timeLimit } from '../../harness/time-limit.ts'
import { endsWithTheFile } from '../../stray-processes.ts'

const run = promisify(execFile)

/** An article dated so far ahead that every build before then leaves it out (scheduled). */
const SCHEDULED_TITLE = 'An article scheduled for a later day'
const scheduledArticle = [
  '---',
  `title: ${SCHEDULED_TITLE}`,
  'description: >-',
  '  Dated in the future: the dev server shows it, and every build before its day leaves it out.',
  'publishDate: 2099-01-05',
  'author: aisha-bello',
  'tags:',
  '  - interviewer-craft',
  '---',
  '',
  'Written now, published on its day by the first build after it.',
  '',
].join('\n')

/**
 * Adds to the content in `project` a draft FAQ set, a draft industry, a draft page and an
 * article scheduled for a later day.
 */
async function addDrafts(project: string) {
  const industry = await readFile(path.join(project, 'content/industries/ai-ml.yaml'), 'utf8')
  await writeFile(
    path.join(project, 'content/industries/draft-industry.yaml'),
    `draft: true\n${industry.replace(/^faq: .*$/m, 'faq: draft-faq').replace(/^name: .*$/m, 'name: Draft Industry')}`,
  )
  await writeFile(path.join(project, 'content/articles/scheduled-article.mdx'), scheduledArticle)
  const faq = await readFile(path.join(project, 'content/faqs/ai-ml.yaml'), 'utf8')
  await writeFile(path.join(project, 'content/faqs/draft-faq.yaml'), `draft: true\n${faq}`)
  await writeFile(
    path.join(project, 'content/pages/draft-preview.yaml'),
    [
      'draft: true',
      'path: /draft-preview',
      'title: A page still being written',
      'description: >-',
      '  This page is a draft: the dev server shows it, and the production build leaves it out.',
      'sections:',
      '  - type: hero',
      '    headline: Work in progress',
      '    lead: Writers preview this page with npm run dev before publishing it.',
      '',
    ].join('\n'),
  )
  // Links to the drafts in the top bar, in the Industries menu and in a footer column.
  const site = (await readFile(path.join(project, 'content/site.yaml'), 'utf8'))
    .replace('  links:\n', '  links:\n    - label: Draft Preview\n      href: /draft-preview\n')
    .replace(
      '      items:\n',
      '      items:\n        - label: Draft Industry\n          href: /industries/draft-industry\n',
    )
    .replace(
      '  columns:\n',
      '  columns:\n    - heading: Drafts only\n      links:\n        - label: Draft Industry\n          href: /industries/draft-industry#faq\n',
    )
  await writeFile(path.join(project, 'content/site.yaml'), site)
}

describe('drafts in the content loader', () => {
  let project: string
  beforeAll(async () => {
    project = await mkdtemp(path.join(tmpdir(), 'drafts-'))
    await writeSmallSiteContent(project)
    await addDrafts(project)
  })
  afterAll(() => rm(project, { recursive: true, force: true }))

  /** Runs `check` with `file` of the project rewritten by `edit`, then puts the file back. */
  async function withEdited(file: string, edit: (text: string) => string, check: () => unknown) {
    const full = path.join(project, file)
    const original = await readFile(full, 'utf8')
    await writeFile(full, edit(original))
    try {
      await check()
    } finally {
      await writeFile(full, original)
    }
  }
  const problemsOf = (result: Awaited<ReturnType<typeof loadContent>>) =>
    result.errors.map((error) => `${error.file}  ${error.field}  ${error.message}`)

  it('are included for the dev server', async () => {
    const result = await loadContent(project, collections, { drafts: 'include' })
    expect(formatReport(result.errors)).toBe('0 content problems in 0 files:')
    expect(result.entries.get('industries')?.map((entry) => entry.id)).toContain('draft-industry')
    expect(result.entries.get('pages')?.map((entry) => entry.id)).toContain('draft-preview')
    expect(result.entries.get('articles')?.map((entry) => entry.id)).toContain('scheduled-article')
    expect([...result.omittedDrafts.values()].flat()).toEqual([])
  })

  it('are checked but left out of the build (a draft may use another draft)', async () => {
    const result = await loadContent(project, collections)
    expect(formatReport(result.errors)).toBe('0 content problems in 0 files:')
    const built = result.entries.get('industries')?.map((entry) => entry.id)
    expect(built).toContain('ai-ml')
    expect(built).not.toContain('draft-industry')
    expect(result.entries.get('pages')?.map((entry) => entry.id)).not.toContain('draft-preview')
    expect(result.omittedDrafts.get('industries')?.map((entry) => entry.id)).toEqual([
      'draft-industry',
    ])
    expect(result.omittedDrafts.get('faqs')?.map((entry) => entry.id)).toEqual(['draft-faq'])
    expect(result.omittedDrafts.get('articles')?.map((entry) => entry.id)).toEqual([
      'scheduled-article',
    ])
    expect(result.scheduled).toEqual([
      {
        collection: 'articles',
        id: 'scheduled-article',
        file: 'content/articles/scheduled-article.mdx',
        publishDate: '2099-01-05',
      },
    ])
  })

  it('publish a scheduled article from its day on, read in the company’s time zone', async () => {
    const ids = (result: { entries: Map<string, { id: string }[]> }) =>
      result.entries.get('articles')?.map((entry) => entry.id)
    const dayBefore = await loadContent(project, collections, { today: '2099-01-04' })
    expect(ids(dayBefore)).not.toContain('scheduled-article')
    const onTheDay = await loadContent(project, collections, { today: '2099-01-05' })
    expect(ids(onTheDay)).toContain('scheduled-article')
    expect(onTheDay.scheduled).toEqual([])
    // 2099-01-05 03:00 UTC is still the 4th in New York (content/site.yaml), the 5th in Berlin.
    const site = path.join(project, 'content/site.yaml')
    const siteText = await readFile(site, 'utf8')
    vi.stubEnv('BUILD_DATE', '2099-01-05T03:00:00Z')
    try {
      const newYork = await loadContent(project, collections)
      expect(newYork.today).toBe('2099-01-04')
      expect(ids(newYork)).not.toContain('scheduled-article')
      await writeFile(site, siteText.replace(/^timeZone: .*$/m, 'timeZone: Europe/Berlin'))
      const berlin = await loadContent(project, collections)
      expect(berlin.today).toBe('2099-01-05')
      expect(ids(berlin)).toContain('scheduled-article')
    } finally {
      vi.unstubAllEnvs()
      await writeFile(site, siteText)
    }
  })

  it('may not be linked from a published entry before the scheduled day', () =>
    withEdited(
      'content/articles/calibrating-interviewers.mdx',
      (text) => `${text}\nMore in [what comes next](/resources/articles/scheduled-article).\n`,
      async () => {
        expect(problemsOf(await loadContent(project, collections))).toEqual([
          'content/articles/calibrating-interviewers.mdx  (body)  /resources/articles/scheduled-article is scheduled for 2099-01-05 (its publishDate) and has no page before then; link to it from that day on, or date this entry the same day or later',
        ])
        const onTheDay = await loadContent(project, collections, { today: '2099-01-05' })
        expect(onTheDay.errors).toEqual([])
      },
    ))

  it('cannot be referenced by a published entry in a build', () =>
    withEdited(
      'content/industries/ai-ml.yaml',
      (text) => text.replace(/^faq: .*$/m, 'faq: draft-faq'),
      async () => {
        expect(problemsOf(await loadContent(project, collections))).toEqual([
          'content/industries/ai-ml.yaml  faq  the faqs entry "draft-faq" is a draft (draft: true), so it is left out of the published site; publish it or point to a published entry',
        ])
        const dev = await loadContent(project, collections, { drafts: 'include' })
        expect(dev.errors).toEqual([])
      },
    ))

  it('must say draft: true or false, and only where entries are many', async () => {
    const file = path.join(project, 'content/faqs/draft-faq.yaml')
    const original = await readFile(file, 'utf8')
    await writeFile(file, original.replace('draft: true', 'draft: yes please'))
    const site = path.join(project, 'content/site.yaml')
    const siteText = await readFile(site, 'utf8')
    await writeFile(site, `draft: true\n${siteText}`)
    try {
      const result = await loadContent(project, collections)
      expect(
        result.errors.map(
          (error) => `${error.file}:${error.line}  ${error.field}  ${error.message}`,
        ),
      ).toEqual([
        'content/faqs/draft-faq.yaml:1  draft  must be true or false, but is text',
        'content/site.yaml:1  draft  unknown field "draft"; allowed here: ' +
          Object.keys(collections.site.schema.shape).join(', '),
      ])
    } finally {
      await writeFile(file, original)
      await writeFile(site, siteText)
    }
  })
})

describe('isPublished', () => {
  it('is false only for draft: true', () => {
    expect(isPublished({ data: { draft: true } })).toBe(false)
    expect(isPublished({ data: { draft: false } })).toBe(true)
    expect(isPublished({ data: { title: 'x' } })).toBe(true)
  })
})

describe('withoutLinksTo', () => {
  const navigation = {
    menus: [
      {
        label: 'Industries',
        items: [
          { label: 'AI', href: '/industries/ai-ml' },
          { label: 'Fintech', href: '/industries/draft-industry/' },
        ],
      },
      { label: 'Drafts', items: [{ label: 'Soon', href: '/soon?ref=menu' }] },
    ],
    links: [
      { label: 'Soon', href: '/soon#top' },
      { label: 'Elsewhere', href: 'https://example.com/soon' },
    ],
    home: { label: 'Home', href: '/soon' },
  }

  it('drops links to the paths, and groups left with none; keeps single required links', () => {
    expect(withoutLinksTo(navigation, new Set(['/industries/draft-industry', '/soon']))).toEqual({
      menus: [{ label: 'Industries', items: [{ label: 'AI', href: '/industries/ai-ml' }] }],
      links: [{ label: 'Elsewhere', href: 'https://example.com/soon' }],
      home: { label: 'Home', href: '/soon' },
    })
  })

  it('returns the same object when there is nothing to drop', () => {
    expect(withoutLinksTo(navigation, new Set())).toBe(navigation)
  })
})

describe('drafts in the site', () => {
  let project: string
  let remove: () => Promise<void>
  // A copy of the site whose content has drafts linked from the navigation.
  beforeAll(async () => {
    ;({ project, remove } = await copySmallSite('draft-site-', addDrafts))
  })
  // Only what the set-up made: a set-up that failed has nothing to remove.
  afterAll(() => remove?.())

  const navigationOf = (html: string) =>
    [...html.matchAll(/<(header|footer)[\s\S]*?<\/\1>/g)].map((match) => match[0]).join('\n')

  it(
    'are left out of the production build and its navigation',
    { timeout: timeLimit(180_000) },
    async () => {
      await run('npm', ['run', 'build'], { cwd: project, env: withoutEditor() })
      const built = (page: string) => path.join(project, 'dist/client', page)
      const exists = (file: string) =>
        stat(file).then(
          () => true,
          () => false,
        )
      expect(await exists(built('index.html'))).toBe(true)
      expect(await exists(built('industries/ai-ml/index.html'))).toBe(true)
      expect(await exists(built('industries/draft-industry/index.html'))).toBe(false)
      expect(await exists(built('draft-preview/index.html'))).toBe(false)
      // The scheduled article: no page, and nothing that lists published articles names it.
      expect(await exists(built('resources/articles/scheduled-article/index.html'))).toBe(false)
      expect(await exists(built('resources/articles/index.html'))).toBe(true)
      for (const file of [
        'resources/articles/index.html',
        'resources/articles/tags/interviewer-craft/index.html',
        'rss.xml',
        'sitemap.xml',
      ])
        expect(await readFile(built(file), 'utf8'), file).not.toContain('scheduled-article')

      const home = await readFile(built('index.html'), 'utf8')
      const navigation = navigationOf(home)
      expect(navigation).toContain('href="/industries/ai-ml"')
      // A list's first page is there with or without drafts: its link stays.
      expect(navigation).toContain('href="/resources/articles"')
      expect(navigation).not.toContain('/industries/draft-industry')
      expect(navigation).not.toContain('/draft-preview')
      expect(navigation).not.toContain('Drafts only')
    },
  )

  it('are shown, and linked, by the dev server', { timeout: timeLimit(60_000) }, async () => {
    // Its own process: Vike serves no pages inside Vitest (it checks VITEST), and writers run
    // the dev server as a process of its own anyway.
    const env = { ...process.env }
    delete env.VITEST
    await writeFile(
      path.join(project, 'dev-server.mjs'),
      `import { createServer } from 'vite'
const server = await createServer({
  logLevel: 'silent',
  server: { host: '127.0.0.1', port: 0 },
  ...${JSON.stringify(NO_DEPENDENCY_BUNDLING)},
})
await server.listen()
console.log('listening on ' + server.httpServer.address().port)
`,
    )
    // Stopped when the file's tests end, however this one ended (../../stray-processes.ts): at its
    // time limit the body is abandoned, and a dev server left behind once spent 12 min of CPU
    // beside the next run. This is the file's last test, so that is right after it.
    const server = endsWithTheFile(
      spawn(process.execPath, ['dev-server.mjs'], {
        cwd: project,
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    )
    const port = await new Promise<string>((resolve, reject) => {
      let output = ''
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk
        const match = /listening on (\d+)/.exec(output)
        if (match) resolve(match[1]!)
      })
      server.on('exit', (code) => reject(new Error(`dev server exited with ${code}`)))
    })
    const get = (page: string) =>
      fetch(`http://127.0.0.1:${port}${page}`, { headers: { accept: 'text/html' } })
    const draftPage = await get('/draft-preview')
    expect(draftPage.status).toBe(200)
    expect(await draftPage.text()).toContain('Work in progress')
    const industry = await get('/industries/draft-industry')
    expect(industry.status).toBe(200)
    const navigation = navigationOf(await industry.text())
    expect(navigation).toContain('/draft-preview')
    expect(navigation).toContain('href="/industries/draft-industry"')
    expect(navigation).toContain('Drafts only')
    const scheduled = await get('/resources/articles/scheduled-article')
    expect(scheduled.status).toBe(200)
    expect(await scheduled.text()).toContain(SCHEDULED_TITLE)
  })
})
