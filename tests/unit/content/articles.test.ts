// The writer's side of articles: every mistake in an MDX body or its frontmatter is reported at
// its file, line and column, and a correct article loads with its headings and length.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadContent } from '../../../builder/content/load.ts'
import { formatError } from '../../../builder/content/report.ts'
import { collections } from '../../../content/schema/collections.ts'

let root: string

const files: Record<string, string> = {
  'content/tags/hiring.yaml':
    'title: Hiring\ndescription: Articles about hiring engineers, from the first interview to the final offer letter.\n',
  'content/leaders/team.yaml':
    'items:\n  - name: Elena Vasquez\n    role: CEO\n    bio: Ran engineering teams.\n    initials: EV\n',
  'content/legal/privacy.mdx':
    '---\ntitle: Privacy\ndescription: How we handle the information you give us through this website and its forms.\nlastUpdated: 2026-01-01\n---\n\nText.\n',
  'content/articles/good.mdx': [
    '---',
    'title: A good article',
    'description: A correct article with every writer component, so the loader accepts it as it is.',
    'publishDate: 2026-05-01',
    'author: elena-vasquez',
    'tags: [hiring]',
    'cover:',
    '  src: ./images/chart.png',
    '  alt: A chart',
    '---',
    '',
    '## First part',
    '',
    'Some words here, [a link](/privacy#top) and ![a chart](./images/chart.png).',
    '',
    '<Callout type="tip" title="Tip">Inside.</Callout>',
    '',
    '<KeyFigures label="Figures">',
    '  <KeyFigure value="48 hours" label="turnaround" />',
    '</KeyFigures>',
    '',
    '### First part',
    '',
    '<Figure src="./images/chart.png" alt="Chart" caption="A caption" />',
    '',
  ].join('\n'),
  'content/articles/bad.mdx': [
    '---',
    'title: A bad article',
    'description: An article with one mistake of each kind, each reported where a writer must fix it.',
    'publishDate: 2026-05-01',
    'author: nobody-known',
    'tags: [hiring, nonsense]',
    'cover:',
    '  src: ./images/missing.png',
    '  alt: Missing',
    '---',
    '',
    '# A second title',
    '',
    'See [our pricing](/no-such-page) and ![](./images/chart.png).',
    '',
    '<Calout>Typo.</Calout>',
    '',
    '<Callout type="danger" colour="red">Wrong props.</Callout>',
    '',
    '<KeyFigure value="1" />',
    '',
    '<Figure src="./images/absent.png" alt="Absent" caption="Gone" />',
    '',
    'A <span className="text-red-600">red</span> word.',
    '',
  ].join('\n'),
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'articles-content-'))
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await writeFile(path.join(root, file), text)
  }
  await mkdir(path.join(root, 'content/articles/images'), { recursive: true })
  await sharp({ create: { width: 40, height: 20, channels: 3, background: '#4338ca' } })
    .png()
    .toFile(path.join(root, 'content/articles/images/chart.png'))
})

afterAll(() => rm(root, { recursive: true, force: true }))

describe('articles in MDX', () => {
  it('reports every mistake in the body and frontmatter at file:line:col', async () => {
    const { errors } = await loadContent(root, collections)
    expect(
      errors.filter((error) => error.file.startsWith('content/articles/')).map(formatError),
    ).toEqual([
      'content/articles/bad.mdx:5:1  author  there is no item "nobody-known" in content/leaders/ or content/interviewers/; known: elena-vasquez',
      'content/articles/bad.mdx:6:16  tags[1]  there is no tags entry "nonsense" (content/tags/); known: hiring',
      'content/articles/bad.mdx:8:3  cover.src  no image content/articles/images/missing.png: add the file, or correct the name',
      'content/articles/bad.mdx:12:1  (body)  use "##" headings in the body: the title is the page’s only "#" heading',
      'content/articles/bad.mdx:14:5  (body)  link to /no-such-page, which is not a page of this site',
      'content/articles/bad.mdx:14:38  (body)  this image has no alt text: write what it shows inside ![…](…)',
      'content/articles/bad.mdx:16:1  (body)  unknown component <Calout>; did you mean <Callout>?; writers can use: <Callout>, <KeyFigures>, <KeyFigure>, <PullQuote>, <Figure>, <BookingCta>',
      'content/articles/bad.mdx:18:10  (body)  <Callout type> must be one of "note", "tip", "warning"',
      'content/articles/bad.mdx:18:24  (body)  <Callout> has no prop "colour"; its props: type, title',
      'content/articles/bad.mdx:20:1  (body)  <KeyFigure> goes inside <KeyFigures>',
      'content/articles/bad.mdx:20:1  (body)  <KeyFigure> needs label="…": What it measures, e.g. "report turnaround".',
      'content/articles/bad.mdx:22:9  (body)  no image content/articles/images/absent.png: add the file, or correct the name',
      'content/articles/bad.mdx:24:9  (body)  <span className>: a body’s look comes from the site, not from classes; writers can use: <Callout>, <KeyFigures>, <KeyFigure>, <PullQuote>, <Figure>, <BookingCta>',
    ])
  })

  it('loads a correct article with its headings (anchors as the compiler makes them) and length', async () => {
    const { entries } = await loadContent(root, collections)
    const [good] = entries.get('articles')!
    expect(good!.id).toBe('good')
    expect(good!.facts!.headings).toEqual([
      { depth: 2, text: 'First part', id: 'first-part' },
      { depth: 3, text: 'First part', id: 'first-part-1' },
    ])
    expect(good!.facts!.words).toBeGreaterThan(10)
    expect(good!.images).toEqual(['content/articles/images/chart.png'])
  })
})
