// Generated articles for the build benchmark: deterministic text with headings, lists, a table,
// a code block and links to each other, spread over the real tags and authors, every tenth
// with a cover picture. The same N always gives the same files. The build bench
// (measure/bench-build.ts) and npm test's hosts step (tests/harness/test-hosts.ts) add them to a copy.
import { readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { listItemKey } from '../../content/schema/collection.ts'
import { loadContent } from '../../builder/content/load.ts'
import { collections, type EntryData } from '../../content/schema/collections.ts'

export interface BenchInputs {
  tags: string[]
  authors: string[]
  /** "./images/<file>" pictures an article may use as a cover. */
  covers: string[]
}

const WORDS = (
  'interview candidate rubric signal evidence scorecard design system latency queue cache ' +
  'database replica partition trade-off failure retry idempotent calibration hiring manager ' +
  'engineer senior staff loop debrief offer schedule remote time-zone review feedback level'
).split(' ')

/** A small deterministic generator (mulberry32), so runs compare like with like. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

function sentence(next: () => number, length: number): string {
  const words = Array.from({ length }, () => WORDS[Math.floor(next() * WORDS.length)]!)
  const text = words.join(' ')
  return text[0]!.toUpperCase() + text.slice(1) + '.'
}

function paragraph(next: () => number): string {
  return Array.from({ length: 4 }, () => sentence(next, 10 + Math.floor(next() * 8))).join(' ')
}

/** The real tags, authors and pictures of the site at `root`, for generated articles to use. */
export async function benchInputs(root: string): Promise<BenchInputs> {
  const { entries, errors } = await loadContent(root, collections)
  if (errors.length) throw new Error('content has problems: run npm run check:content first')
  const people = ['leaders', 'interviewers'].flatMap((name) =>
    (entries.get(name) ?? []).flatMap((entry) => (entry.data as { items: unknown[] }).items),
  )
  return {
    tags: (entries.get('tags') ?? []).map((entry) => entry.id),
    authors: people.map(listItemKey).filter((key): key is string => Boolean(key)),
    covers: (await readdir(path.join(root, 'content/articles/images'))).map(
      (file) => `./images/${file}`,
    ),
  }
}

/** Writes `count` generated articles into content/articles of `project`. */
export async function writeBenchArticles(project: string, count: number, inputs: BenchInputs) {
  const articles = path.join(project, 'content/articles')
  for (let index = 0; index < count; index++)
    await writeFile(
      path.join(articles, `${benchId(index)}.mdx`),
      benchArticle(index, count, inputs),
    )
}

export const benchId = (index: number) => `bench-article-${String(index).padStart(5, '0')}`

/** The file text of generated article `index` (0-based) of `count`. */
export function benchArticle(index: number, count: number, inputs: BenchInputs): string {
  const next = random(index + 1)
  const day = new Date(Date.UTC(2020, 0, 1) + index * 86_400_000).toISOString().slice(0, 10)
  const tags = [
    inputs.tags[index % inputs.tags.length]!,
    inputs.tags[(index + 1) % inputs.tags.length]!,
  ]
  const author = inputs.authors[index % inputs.authors.length]!
  const cover =
    index % 10 === 0 && inputs.covers.length
      ? inputs.covers[(index / 10) % inputs.covers.length]
      : undefined
  const link = (offset: number) => `/resources/articles/${benchId((index + offset) % count)}`
  const frontmatter: Partial<EntryData<'articles'>> & Record<string, unknown> = {
    title: `Benchmark article ${index + 1}: ${sentence(next, 5).slice(0, -1)}`,
    description: `A generated article for the build benchmark. ${sentence(next, 12)}`.slice(0, 160),
    publishDate: day,
    author,
    tags: [...new Set(tags)],
    ...(cover ? { cover: { src: cover, alt: 'A generated benchmark cover picture' } } : {}),
  }
  const yaml = Object.entries(frontmatter)
    .map(([key, value]) =>
      typeof value === 'object' && !Array.isArray(value)
        ? `${key}:\n${Object.entries(value as object)
            .map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`)
            .join('\n')}`
        : `${key}: ${JSON.stringify(value)}`,
    )
    .join('\n')
  return `---
${yaml}
---

${paragraph(next)}

## ${sentence(next, 4).slice(0, -1)}

${paragraph(next)} See [the previous one](${link(count - 1)}) and [a later one](${link(7)}).

- ${sentence(next, 6)}
- ${sentence(next, 7)}
- ${sentence(next, 5)}

## ${sentence(next, 3).slice(0, -1)}

${paragraph(next)}

| Step | Minutes | Signal |
| --- | --- | --- |
| Requirements | 5-10 | ${sentence(next, 4)} |
| Deep dive | 20-25 | ${sentence(next, 4)} |

### ${sentence(next, 3).slice(0, -1)}

\`\`\`ts
export function score(signals: number[]): number {
  return signals.reduce((sum, signal) => sum + signal, 0) / ${(index % 7) + 1}
}
\`\`\`

<Callout type="tip">${sentence(next, 9)}</Callout>

## ${sentence(next, 4).slice(0, -1)}

${paragraph(next)}

## ${sentence(next, 2).slice(0, -1)}

${paragraph(next)} Read [our process](/process).
`
}
