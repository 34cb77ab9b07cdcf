// `npm run new`: a scaffold has the shape of a valid entry, fails the content check at each
// placeholder until a writer replaces it, and the command refuses what it must not create.
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { parseDocument, visit } from 'yaml'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadContent } from '../../../builder/content/load.ts'
import { PLACEHOLDER_MESSAGE } from '../../../builder/content/placeholders.ts'
import { collections } from '../../../content/schema/collections.ts'
import { planEntry, ScaffoldError } from '../../../builder/content/scaffold.ts'
import { writeSmallSiteContent } from '../helpers/small-site.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../../..')
const today = new Date('2026-03-01T12:00:00Z')

describe('npm run new refuses', () => {
  const refusal = (collection?: string, id?: string) =>
    planEntry(root, collections, collection, id, today).then(
      () => 'created',
      (error: Error) => (error instanceof ScaffoldError ? error.message : `crashed: ${error}`),
    )

  it('an id that already exists', async () => {
    expect(await refusal('industries', 'ai-ml')).toBe(
      'content/industries/ai-ml.yaml already exists: edit it, or choose another id for the new industries entry',
    )
  })

  it('an unknown collection, suggesting the closest and listing all', async () => {
    const message = await refusal('industry', 'fintech')
    expect(message).toMatch(/^there is no collection "industry"; did you mean "industries"\?\n/)
    expect(message).toContain(`collections: ${Object.keys(collections).join(', ')}`)
  })

  it('an id that is not lowercase words joined by hyphens', async () => {
    expect(await refusal('faqs', 'Fin_Tech')).toBe(
      '"Fin_Tech" cannot be an id: use lowercase letters and digits in words joined by hyphens, e.g. "fin-tech"',
    )
  })

  it('the one-file site collection, and missing arguments', async () => {
    expect(await refusal('site', 'other')).toBe(
      'site is one file, content/site.yaml: edit it rather than adding entries',
    )
    expect(await refusal('faqs')).toMatch(/^usage: npm run new -- <collection> <id>/)
  })

  it('from the command line with exit code 1, writing nothing', async () => {
    const result = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/new-entry.ts', 'faqs', 'ai-ml'],
      { cwd: root },
    ).then(
      (output) => ({ code: 0, ...output }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    )
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('npm run new: content/faqs/ai-ml.yaml already exists')
    expect(await readFile(path.join(root, 'content/faqs/ai-ml.yaml'), 'utf8')).not.toContain(
      'TODO:',
    )
  })
})

describe('a scaffolded entry', () => {
  let project: string
  beforeEach(async () => {
    project = await mkdtemp(path.join(tmpdir(), 'scaffold-'))
    // Beside the small fixture site's entries (../helpers/small-site.ts): what a scaffold fails on is its own.
    await writeSmallSiteContent(project)
  })
  afterEach(() => rm(project, { recursive: true, force: true }))

  const scaffold = async (collection: string, id: string) => {
    const { file, text } = await planEntry(project, collections, collection, id, today)
    await mkdir(path.dirname(path.join(project, file)), { recursive: true })
    await writeFile(path.join(project, file), text)
    return { file, text }
  }

  const folderCollections = Object.entries(collections)
    .filter(([, definition]) => !definition.singleton)
    .map(([name]) => name)

  it.each(folderCollections)(
    '%s: fails the check only at its placeholders (or the blocks holding them)',
    async (collection) => {
      const { file, text } = await scaffold(collection, 'brand-new')
      const { errors } = await loadContent(project, collections)
      expect(errors.length).toBeGreaterThan(0)
      const placeholders = errors.filter((error) => error.message === PLACEHOLDER_MESSAGE)
      const written = text.split('\n').filter((line) => !line.trimStart().startsWith('# '))
      expect(placeholders.length).toBe(written.join('\n').split('TODO:').length - 1)
      for (const error of errors) {
        expect(error.file).toBe(file)
        if (error.message === PLACEHOLDER_MESSAGE) {
          // The position is the placeholder's own: that line holds "TODO:" at that column.
          const line = text.split('\n')[error.line - 1]!
          expect(line.slice(error.column - 1)).toMatch(/^TODO:/)
        } else {
          expect(placeholders.some((p) => p.field.startsWith(error.field))).toBe(true)
        }
      }
    },
  )

  it('passes the check once its placeholders are replaced, and is published without draft', async () => {
    const { file: faqFile } = await scaffold('faqs', 'scaffold-check')
    const { file: industryFile } = await scaffold('industries', 'scaffold-check')
    const { file: legalFile } = await scaffold('legal', 'scaffold-check')
    for (const file of [faqFile, industryFile])
      await writeFile(
        path.join(project, file),
        fill(await readFile(path.join(project, file), 'utf8')),
      )
    const legal = await readFile(path.join(project, legalFile), 'utf8')
    const [, frontmatter, body] = legal.split(/^---$/m)
    await writeFile(
      path.join(project, legalFile),
      `---\n${fill(frontmatter!)}---${body!.replaceAll('TODO: ', '')}`,
    )

    const drafts = await loadContent(project, collections)
    expect(drafts.errors).toEqual([])
    expect(drafts.omittedDrafts.get('industries')?.map((entry) => entry.id)).toEqual([
      'scaffold-check',
    ])
    expect(drafts.entries.get('industries')?.map((entry) => entry.id)).not.toContain(
      'scaffold-check',
    )

    for (const file of [faqFile, industryFile, legalFile]) {
      const text = await readFile(path.join(project, file), 'utf8')
      await writeFile(path.join(project, file), text.replace(/^draft: true\n/m, ''))
    }
    const published = await loadContent(project, collections)
    expect(published.errors).toEqual([])
    expect(published.entries.get('industries')?.map((entry) => entry.id)).toContain(
      'scaffold-check',
    )
    expect(published.entries.get('legal')?.map((entry) => entry.id)).toContain('scaffold-check')
  })
})

/** What a writer does: every placeholder replaced by real text that fits its field. */
function fill(yaml: string): string {
  const doc = parseDocument(yaml)
  let count = 0
  visit(doc, {
    Pair(_, pair) {
      const key = String((pair.key as { value: unknown }).value)
      const value = pair.value as { value?: unknown } | null
      if (typeof value?.value !== 'string' || !value.value.startsWith('TODO:')) return
      count++
      value.value =
        key === 'faq'
          ? 'scaffold-check'
          : key === 'description'
            ? `Real copy number ${count}, long enough for search engines to show it whole.`
            : `Real copy number ${count}`
    },
  })
  return doc.toString()
}
