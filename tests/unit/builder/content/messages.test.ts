// The content check's sentences for the mistakes writers make most: YAML syntax at the line of the
// mistake, a required field that is missing, and a link to a page that does not exist.
import { cp, readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../../../builder/content/load.ts'
import { formatError } from '../../../../builder/content/report.ts'
import { readSource } from '../../../../builder/content/source.ts'
import { collections } from '../../../../content/schema/collections.ts'
import { scratchDir } from '../../helpers/scratch-dir.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
const fixtures = path.join(root, 'tests/fixtures')

describe('YAML syntax mistakes', () => {
  // One file per mistake in tests/fixtures/yaml-mistakes/, each an FAQ set with one thing wrong.
  const expected: Record<string, string> = {
    'unclosed-bracket.yaml':
      '4:13 the list starting with [ here is never closed; end it with ] on the same line',
    'unclosed-quote.yaml':
      '3:15 the text starting with " here is never closed; end it with " on the same line',
    'tab.yaml': '4:1 this line is indented with a tab; indent with spaces instead',
    'no-space-after-colon.yaml': '3:13 put a space after the colon: "question: …"',
    'indented-too-far.yaml':
      '4:6 this line is indented more than the field above it; line it up with that field',
    'items-out-of-line.yaml':
      '5:4 this line is indented differently from the list items above it; line it up with them, using spaces',
    'colon-in-value.yaml':
      '3:15 this value contains ": ", which starts a new field; put the whole value in quotes',
  }

  it('has a fixture for each mistake and nothing else', async () => {
    expect((await readdir(path.join(fixtures, 'yaml-mistakes'))).sort()).toEqual(
      Object.keys(expected).sort(),
    )
  })

  it.each(Object.entries(expected))(
    '%s is explained in one sentence at the line of the mistake',
    async (file, sentence) => {
      const text = await readFile(path.join(fixtures, 'yaml-mistakes', file), 'utf8')
      const { syntaxErrors } = readSource(`content/faqs/${file}`, text)
      expect(
        syntaxErrors.map(
          ({ position, message }) => `${position.line}:${position.column} ${message}`,
        ),
      ).toEqual([sentence])
    },
  )

  it('places a mistake in an MDX file’s frontmatter at the file’s own line', () => {
    const text = '---\ntitle: Terms\ndescription:No space\n---\n\nText.\n'
    const { syntaxErrors } = readSource('content/legal/terms.mdx', text)
    expect(syntaxErrors).toEqual([
      {
        position: { line: 3, column: 12 },
        message: 'put a space after the colon: "description: …"',
      },
    ])
  })
})

describe('fields and links', () => {
  // The real content with the files of tests/fixtures/wording/ added.
  const scratch = scratchDir('content-wording-')
  const problemsOf = async (file: string) => {
    await cp(path.join(root, 'content'), path.join(scratch(), 'content'), { recursive: true })
    await cp(path.join(fixtures, 'wording/content'), path.join(scratch(), 'content'), {
      recursive: true,
    })
    const { errors } = await loadContent(scratch(), collections)
    return errors.filter((error) => error.file === file).map(formatError)
  }

  it('says a required field is missing, not what it should look like', async () => {
    expect(await problemsOf('content/articles/undated.mdx')).toContain(
      'content/articles/undated.mdx:2:1  publishDate  is required but missing',
    )
  })

  it('names the nearest page for a broken link in an MDX body', async () => {
    expect(await problemsOf('content/articles/undated.mdx')).toContain(
      'content/articles/undated.mdx:11:18  (body)  link to /servics, which is not a page of this site; did you mean /services?',
    )
  })

  it('names the nearest page for a broken link in a YAML field', async () => {
    expect(await problemsOf('content/pages/misspelt-link.yaml')).toEqual([
      'content/pages/misspelt-link.yaml:10:9  sections[0].actions[0].href  link to /servics, which is not a page of this site; did you mean /services?',
    ])
  })
})
