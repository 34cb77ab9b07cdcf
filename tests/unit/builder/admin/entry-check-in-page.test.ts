// One source for the content check: every fixture the check command rejects gives the same
// sentences through the command's loader (files on disk) and through the editor's check in the
// page (builder/admin/entry-check-in-page.ts, run here in Node: the files in memory, the rest of
// the content from the index the build writes), compared line for line.
import { cp, readdir, readFile, symlink } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkFilesInPage } from '../../../../builder/admin/entry-check-in-page.ts'
import type { ContentError, ContentIndex } from '../../../../builder/content/check-types.ts'
import { buildRouteTable } from '../../../../site/routes.ts'
import { contentIndex, loadContent, publishingDay } from '../../../../builder/content/load.ts'
import { formatError } from '../../../../builder/content/report.ts'
import { collections } from '../../../../content/schema/collections.ts'
import { FIXTURE_ARTICLE } from '../../../harness/subpath-build.ts'
import { timeLimit } from '../../../harness/time-limit.ts'
import { scratchDir } from '../../helpers/scratch-dir.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
const fixtures = path.join(root, 'tests/fixtures')
/** A load of the site's content, or every fixture file checked in turn, on a quiet machine. */
const LOAD = timeLimit(40_000)

interface FixtureFile {
  /** From the root the check runs on: "content/faqs/broken.yaml". */
  path: string
  content: string
}

/** Every file under `dir`, as paths from `base`, with its text. */
async function filesUnder(base: string, dir: string): Promise<FixtureFile[]> {
  const names = await readdir(path.join(base, dir), { recursive: true, withFileTypes: true })
  return Promise.all(
    names
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const absolute = path.join(entry.parentPath, entry.name)
        return {
          path: path.relative(base, absolute).split(path.sep).join('/'),
          content: await readFile(absolute, 'utf8'),
        }
      })
      .sort(),
  )
}

/** The index as the page reads it: through JSON, as the build writes it. */
const asServed = async (index: Promise<ContentIndex>): Promise<ContentIndex> =>
  JSON.parse(JSON.stringify(await index)) as ContentIndex

/** The command's sentences about `files`, in its order. */
const sentencesAbout = (errors: readonly ContentError[], files: readonly FixtureFile[]) =>
  errors.filter((error) => files.some((file) => file.path === error.file)).map(formatError)

// The day both sides publish for, so a run across midnight cannot tell them apart.
let today: string
beforeAll(async () => {
  today = await publishingDay(root, collections)
})

it('knows every fixture folder', async () => {
  // A new fixture folder fails here until it is run through both checks below (or said not to be content).
  expect((await readdir(fixtures)).sort()).toEqual([
    'articles',
    'broken-content',
    'github',
    'small-site',
    'wording',
    'yaml-mistakes',
  ])
  // github/: GitHub's webhook payloads for the reviewers' report, no content.
  expect(await readdir(path.join(fixtures, 'github'))).not.toContain('content')
  // small-site/: content the check accepts, built whole by the tests that need a site
  // (tests/unit/helpers/small-site.ts); a build stops at any sentence of the check, so none is rejected.
  expect(await readdir(path.join(fixtures, 'small-site'))).toContain('content')
  // articles/: one article the check accepts, built beside the site's content by
  // `npm run test:subpath` (tests/harness/subpath-build.ts), whose build stops at any sentence.
  expect(await readdir(path.join(fixtures, 'articles'))).toEqual([`${FIXTURE_ARTICLE}.mdx`])
})

/** The page's check of `files`, saved together, says what the command said about them. */
async function expectPageAgrees(errors: ContentError[], index: ContentIndex, files: FixtureFile[]) {
  expect(
    await checkFilesInPage(collections, index, files, today),
    files.map((file) => file.path).join(', '),
  ).toEqual(sentencesAbout(errors, files))
}

describe.each(['broken-content', 'wording'])(
  'tests/fixtures/%s, checked as a site of its own',
  (name) => {
    const fixture = path.join(fixtures, name)
    let errors: ContentError[]
    let index: ContentIndex
    let files: FixtureFile[]
    beforeAll(async () => {
      ;({ errors } = await loadContent(fixture, collections, { today }))
      index = await asServed(contentIndex(fixture, collections, { cache: false }))
      files = await filesUnder(fixture, 'content')
    }, LOAD)

    it('is rejected by the command, with sentences about its files', () => {
      expect(sentencesAbout(errors, files).length).toBeGreaterThan(3)
    })

    it('gives the same sentences in the page, all its files saved at once', () =>
      expectPageAgrees(errors, index, files))

    it(
      'gives the same sentences in the page, each file saved alone among the others',
      async () => {
        for (const file of files) await expectPageAgrees(errors, index, [file])
      },
      LOAD,
    )
  },
)

describe("the fixtures added to the site's own content, as a writer's new entries", () => {
  // tests/fixtures/wording/'s entries, and each of tests/fixtures/yaml-mistakes/ as an FAQ set.
  const scratch = scratchDir('content-check-in-page-')
  let errors: ContentError[]
  let index: ContentIndex
  let wording: FixtureFile[]
  let yamlMistakes: FixtureFile[]
  beforeAll(async () => {
    wording = await filesUnder(path.join(fixtures, 'wording'), 'content')
    yamlMistakes = (await filesUnder(fixtures, 'yaml-mistakes')).map((file) => ({
      path: `content/faqs/${path.basename(file.path)}`,
      content: file.content,
    }))
    await cp(path.join(root, 'content'), path.join(scratch(), 'content'), { recursive: true })
    await symlink(path.join(root, 'public'), path.join(scratch(), 'public'))
    for (const file of [...wording, ...yamlMistakes])
      await cp(
        path.join(
          fixtures,
          file.path.startsWith('content/faqs/')
            ? `yaml-mistakes/${path.basename(file.path)}`
            : `wording/${file.path}`,
        ),
        path.join(scratch(), file.path),
      )
    ;({ errors } = await loadContent(scratch(), collections, { today }))
    // What the live editor has: the index of the site as built, without the new files.
    index = await asServed(contentIndex(root, collections, { cache: false }))
  }, LOAD)

  it('is rejected by the command, every file of it', () => {
    for (const file of [...wording, ...yamlMistakes])
      expect(sentencesAbout(errors, [file]), file.path).not.toEqual([])
  })

  it('gives the same sentences in the page, wording/ saved at once', () =>
    expectPageAgrees(errors, index, wording))

  it(
    'gives the same sentences in the page, each file saved alone',
    async () => {
      for (const file of [...wording, ...yamlMistakes])
        await expectPageAgrees(errors, index, [file])
    },
    LOAD,
  )
})

it(
  "makes the site's addresses from the index's route fields alone",
  async () => {
    // The index carries each entry's ROUTE_FIELDS (builder/content/check-types.ts), not the entry: the route table made of them
    // must list the addresses the whole entries give.
    const { entries } = await loadContent(root, collections, { today })
    const index = await contentIndex(root, collections, { cache: false })
    const fields = new Map(index.entries.map((entry) => [entry.file, entry.route]))
    const whole = buildRouteTable((name) => (entries.get(name) ?? []) as never)
    const fromIndex = buildRouteTable(
      (name) =>
        (name === 'site'
          ? []
          : (entries.get(name) ?? []).map((entry) => ({
              id: entry.id,
              data: fields.get(entry.file),
            }))) as never,
    )
    expect(fromIndex.map((route) => route.path)).toEqual(whole.map((route) => route.path))
    expect(whole.length).toBeGreaterThan(30)
  },
  LOAD,
)
