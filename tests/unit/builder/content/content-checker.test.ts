import { appendFile, cp, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadContent, type DataEntry } from '../../../../builder/content/load.ts'
import type { MdxCompiler } from '../../../../builder/content/mdx-compiler.ts'
import { formatAnnotations, formatReport } from '../../../../builder/content/report.ts'
import { collections } from '../../../../content/schema/collections.ts'
import { checkContentCommand } from '../../helpers/check-content-command.ts'
import { scratchDir } from '../../helpers/scratch-dir.ts'
import { timeLimit } from '../../../harness/time-limit.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
const broken = path.join(root, 'tests/fixtures/broken-content')

// Every problem in every broken fixture file, exactly as a writer sees it.
const EXPECTED_REPORT = [
  '18 content problems in 9 files:',
  'content/faqs/broken.yaml:4:6  (file)  this line is indented more than the field above it; line it up with that field',
  'content/faqs/web-dev.yaml:5:5  items[1].question  duplicate question "How long is an interview?" (already used by item 1)',
  'content/industries/Fintech.yaml:1:1  (file)  file name "Fintech" must be lowercase words joined by hyphens (it is the entry\'s id and URL), e.g. "fintech.yaml"',
  'content/industries/web-dev.yaml:1:1  title  is required but missing',
  'content/industries/web-dev.yaml:2:1  titel  unknown field "titel"; did you mean "title"?',
  'content/industries/web-dev.yaml:11:3  roles.items  needs at least 8 items',
  'content/industries/web-dev.yaml:14:7  roles.items[1].title  duplicate title "Frontend Engineer" (already used by item 1)',
  'content/industries/web-dev.yaml:15:7  roles.items[1].description  must not be empty',
  'content/industries/web-dev.yaml:17:1  faq  there is no faqs entry "web-development" (content/faqs/); known: broken, web-dev',
  'content/industrys:1:1  (file)  not part of any collection; see content/schema/collections.ts for the folders that are read',
  'content/legal/privacy-policy.mdx:5:1  lastUpdated  must be a date written YYYY-MM-DD',
  'content/legal/privacy-policy.mdx:6:1  author  unknown field "author"; allowed here: title, description, lastUpdated',
  'content/legal/privacy-policy.mdx:9:1  (body)  MDX: Expected a closing tag for `<strong>` (9:12-9:20) before the end of `paragraph`',
  'content/legal/terms.mdx:1:1  (file)  duplicate id "terms": content/legal/terms.md already defines this legal entry',
  // The section types of content/schema/collections.ts, in declaration order.
  'content/pages/home.yaml:6:5  sections[0].type  must be one of "hero", "faq", "cards", "stats", "expertise", "benefits", "testimonials", "pricing", "cta", "steps", "comparison", "questions", "prose", "leaders", "interviewers", "case-studies", "guides", "scorecards", "contact"',
  'content/pages/home.yaml:12:9  sections[1].actions[0]  set either href (a link) or opens: booking (the booking dialog), exactly one',
  'content/site.yaml:2:1  phone  is required but missing',
  'content/site.yaml:8:1  phon  unknown field "phon"; did you mean "phone"?',
].join('\n')

describe('content check', () => {
  it('reports every problem in every broken file at once, with file:line:col, field and message', async () => {
    const result = await loadContent(broken, collections)
    expect(formatReport(result.errors)).toBe(EXPECTED_REPORT)
  })

  it('accepts the real content', async () => {
    const result = await loadContent(root, collections)
    expect(formatReport(result.errors)).toBe('0 content problems in 0 files:')
    expect(result.entries.get('legal')?.map((entry) => entry.id)).toEqual([
      'privacy-policy',
      'terms-of-service',
    ])
  })

  it('prints GitHub annotations with escaped properties', () => {
    const annotations = formatAnnotations([
      {
        file: 'content/a,b.yaml',
        line: 3,
        column: 7,
        field: 'hero.title',
        message: '100% wrong\nreally',
      },
    ])
    expect(annotations).toBe(
      '::error file=content/a%2Cb.yaml,line=3,col=7,title=Content%3A hero.title::100%25 wrong%0Areally',
    )
  })
})

// The build starts the social cards from the data alone, while the MDX bodies are still checked.
describe('the data, before the bodies', () => {
  const scratch = scratchDir('content-data-')
  type Handed = ReadonlyMap<string, DataEntry[]> | undefined
  const load = async (project: string) => {
    const handed: Handed[] = []
    let loaded = false
    const result = await loadContent(project, collections, {
      onDataChecked: (entries) => {
        expect(loaded, 'handed over before the load is done').toBe(false)
        handed.push(entries)
      },
    }).finally(() => (loaded = true))
    expect(handed).toHaveLength(1)
    return { result, data: handed[0] }
  }
  const copyContent = async (name: string) => {
    const project = path.join(scratch(), name)
    await cp(path.join(root, 'content'), path.join(project, 'content'), { recursive: true })
    return project
  }

  it('are the entries the load publishes, data and all', async () => {
    const { result, data } = await load(root)
    expect(result.errors).toEqual([])
    const published = new Map(
      [...result.entries].map(([name, list]) => [
        name,
        list.map(({ id, collection, file, data }) => ({ id, collection, file, data })),
      ]),
    )
    expect(data).toEqual(published)
  })

  it('are withheld when the data of a file has a problem', async () => {
    const project = await copyContent('bad-data')
    const site = path.join(project, 'content/site.yaml')
    await writeFile(site, (await readFile(site, 'utf8')).replace(/^phone:.*$/m, ''))
    const { result, data } = await load(project)
    expect(formatReport(result.errors)).toContain('content/site.yaml:')
    expect(data).toBeUndefined()
  })

  it('are handed over before any body is checked', async () => {
    const project = await copyContent('order')
    const order: string[] = []
    // A compiler that only notes when the check comes to a body (MdxCompiler.parseOnce).
    const compiler: MdxCompiler = {
      stats: { compiled: 0, reused: 0, fromParsedTree: 0 },
      compile: () => Promise.reject(new Error('not compiled in this test')),
      parseOnce: async () => {
        order.push('body')
        return undefined
      },
    }
    const { errors } = await loadContent(project, collections, {
      cache: true,
      compiler,
      onDataChecked: () => order.push('data'),
    })
    expect(errors).toEqual([])
    expect(order.filter((step) => step === 'body').length).toBeGreaterThan(5)
    expect(order[0]).toBe('data')
  })

  it('are handed over when only a body is wrong, and the load still fails on it', async () => {
    const project = await copyContent('bad-body')
    const article = 'content/articles/calibrating-interviewers.mdx'
    await appendFile(path.join(project, article), '\n<NoSuchComponent />\n')
    const { result, data } = await load(project)
    expect(result.errors.map((error) => [error.file, error.field])).toEqual([[article, '(body)']])
    expect(data?.get('articles')?.map((entry) => entry.id)).toContain('calibrating-interviewers')
  })
})

// Each case starts a Node process; on a busy shared machine that alone can take seconds.
describe('npm run check:content', { timeout: timeLimit(20_000) }, () => {
  const cli = checkContentCommand

  it('exits 1 and prints the report for broken content', async () => {
    const { code, stderr } = await cli([broken])
    expect(code).toBe(1)
    expect(stderr.trim()).toBe(EXPECTED_REPORT)
  })

  it('adds ::error annotations on GitHub Actions', async () => {
    const { code, stdout } = await cli([broken], { GITHUB_ACTIONS: 'true' })
    expect(code).toBe(1)
    expect(stdout).toContain(
      '::error file=content/site.yaml,line=8,col=1,title=Content%3A phon::unknown field "phon"; did you mean "phone"?',
    )
    expect(stdout.trim().split('\n')).toHaveLength(18)
  })

  it('exits 0 for the real content', async () => {
    const { code, stdout } = await cli([])
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Content OK: \d+ files/)
  })

  it('lists what is scheduled for a later day, soonest first', async () => {
    // The real articles, seen from before the last two of them were published.
    const { code, stdout } = await cli([], { BUILD_DATE: '2026-09-30' })
    expect(code).toBe(0)
    expect(stdout).toContain(
      [
        'Scheduled (left out of builds before their day; today is 2026-09-30):',
        '  2026-10-06  content/articles/remote-technical-interviews.mdx',
        '  2026-10-27  content/articles/human-led-vs-automated-assessments.mdx',
      ].join('\n'),
    )
  })
})
