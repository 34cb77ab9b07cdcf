// content/ against what the specification fixes (tests/spec-constants.ts), and CONTENT.md's list of
// those values against the same table.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { splitFrontmatter } from '../../../builder/content/frontmatter.ts'
import {
  SPEC_CONSTANTS,
  specConstantsTable,
  type Expected,
  type SpecConstant,
} from '../../spec-constants.ts'
import { selectField } from '../helpers/field-path.ts'

const root = path.resolve(import.meta.dirname, '../../..')

async function dataOf(file: string): Promise<unknown> {
  const text = await readFile(path.join(root, file), 'utf8')
  return parse(file.endsWith('.mdx') ? splitFrontmatter(text).matter : text)
}

/** The files a pattern names: a path, or a folder and a file name with one `*`. */
async function filesOf(pattern: string): Promise<string[]> {
  if (!pattern.includes('*')) return [pattern]
  const folder = path.posix.dirname(pattern)
  const [before, after] = path.posix.basename(pattern).split('*') as [string, string]
  return (await readdir(path.join(root, folder)))
    .filter((name) => name.startsWith(before) && name.endsWith(after))
    .sort()
    .map((name) => `${folder}/${name}`)
}

/** Every string in a value, for `mentions`. */
const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value) || (typeof value === 'object' && value !== null)
      ? Object.values(value).map(textOf).join('\n')
      : String(value)

/** Why `value` is not what the spec says, or undefined when it is. */
function disagreement(value: unknown, expected: Expected): string | undefined {
  if (typeof expected === 'object' && !Array.isArray(expected) && 'between' in expected) {
    const [low, high] = expected.between
    return typeof value === 'number' && value >= low && value <= high
      ? undefined
      : `holds ${JSON.stringify(value)}, the spec says ${low} to ${high}`
  }
  if (typeof expected === 'object' && 'mentions' in expected) {
    const text = textOf(value).replace(/\s+/g, ' ')
    const missing = expected.mentions.filter((phrase) => !text.includes(phrase))
    return missing.length === 0
      ? undefined
      : `does not say ${missing.map((m) => `“${m}”`).join(', ')}`
  }
  return JSON.stringify(value) === JSON.stringify(expected)
    ? undefined
    : `holds ${JSON.stringify(value)}, the spec says ${JSON.stringify(expected)}`
}

describe('content/ holds what the specification fixes', () => {
  for (const row of SPEC_CONSTANTS as readonly SpecConstant[])
    it(`${row.section} ${row.what}: ${row.file} ${row.field}`, async () => {
      const whole = row.field === '(files)' || row.field === '(ids)'
      const files = whole ? [row.file] : await filesOf(row.file)
      expect(files.length, `${row.file} matches no file`).toBeGreaterThan(0)
      for (const file of files) {
        const value = !whole
          ? selectField(await dataOf(file), row.field)
          : row.field === '(files)'
            ? (await filesOf(row.file)).length
            : (await filesOf(row.file)).map((found) => path.posix.parse(found).name)
        const problem = disagreement(value, row.expected)
        expect(
          problem,
          `${file}: ${row.field} ${problem} (${row.section} of the spec, /work/shared/spec/website-spec.md). ` +
            'Change the content back, or, if the spec changed, its row in tests/spec-constants.ts.',
        ).toBeUndefined()
      }
    })
})

describe('CONTENT.md lists the spec’s values', () => {
  it('as tests/spec-constants.ts holds them', async () => {
    const guide = await readFile(path.join(root, 'CONTENT.md'), 'utf8')
    // One table: a second copy (a bad merge) would go unread below the first's end.
    expect(guide.match(/<!-- \/?spec-constants -->/g)).toEqual([
      '<!-- spec-constants -->',
      '<!-- /spec-constants -->',
    ])
    const block = /<!-- spec-constants -->\s*([\s\S]*?)\s*<!-- \/spec-constants -->/.exec(
      guide,
    )?.[1]
    const cells = (table: string) =>
      table
        .split('\n')
        .filter((line) => !/^\|[\s|:-]+\|$/.test(line))
        .map((line) =>
          line
            .replace(/^\|/, '')
            .replace(/\|$/, '')
            .split('|')
            .map((cell) => cell.trim()),
        )
    expect(
      block && cells(block),
      'CONTENT.md\'s table between "<!-- spec-constants -->" and "<!-- /spec-constants -->" ' +
        `differs from tests/spec-constants.ts; put this there (then npx prettier --write CONTENT.md):\n${specConstantsTable()}`,
    ).toEqual(cells(specConstantsTable()))
  })
})
