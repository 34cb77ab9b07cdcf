// Illustrations: a drawing that is missing, unfit to inline, or shown without saying what it
// shows is a content error at the field or file; the build's svgo pass keeps what the theme
// needs (the paint-role classes) and every drawing stays small.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadContent } from '../../../../builder/content/load.ts'
import { optimiseIllustration } from '../../../../builder/vite/illustrations-plugin.ts'
import { formatReport } from '../../../../builder/content/report.ts'
import { collections } from '../../../../content/schema/collections.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
const drawings = path.join(root, 'content/illustrations')

let copy: string
beforeAll(async () => {
  copy = await mkdtemp(path.join(tmpdir(), 'illustrations-'))
  await cp(path.join(root, 'content'), path.join(copy, 'content'), { recursive: true })
})
afterAll(async () => {
  await rm(copy, { recursive: true, force: true })
})

/** Rewrites a file of the copied content. */
async function edit(file: string, change: (text: string) => string) {
  const absolute = path.join(copy, 'content', file)
  const text = await readFile(absolute, 'utf8')
  const changed = change(text)
  expect(changed, `${file} was not changed`).not.toBe(text)
  await writeFile(absolute, changed)
}

describe('illustrations in content', () => {
  it('reports a missing drawing, a missing alt, an alt on a decorative drawing and an unfit file', async () => {
    await edit('pages/home.yaml', (text) => text.replace('file: home-hero', 'file: home-heroo'))
    await edit('pages/process.yaml', (text) => text.replace(/\n {6}alt: >-\n( {8}[^\n]*\n)+/, '\n'))
    await edit('pages/system-design.yaml', (text) =>
      text.replace('decorative: true', 'decorative: true\n      alt: A diagram'),
    )
    await writeFile(
      path.join(copy, 'content/illustrations/no-view-box.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
    )
    await writeFile(
      path.join(copy, 'content/illustrations/scripted.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script></svg>',
    )
    await writeFile(path.join(copy, 'content/illustrations/photo.png'), '')
    await writeFile(
      path.join(copy, 'content/illustrations/fixed.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect fill="#4338ca" width="10" height="10"/></svg>',
    )

    const report = formatReport((await loadContent(copy, collections)).errors)
    const lines = report.split('\n')
    expect(lines[0]).toBe('7 content problems in 7 files:')
    expect(lines).toContain(
      'content/illustrations/fixed.svg:1:67  (file)  paint with the classes listed in CONTENT.md (f-accent, s-line…) instead of fill="#4338ca", so the drawing follows the light and dark themes',
    )
    expect(lines).toContain(
      'content/illustrations/no-view-box.svg:1:1  (file)  the <svg> element needs viewBox="0 0 width height", so the page reserves its space before it draws',
    )
    expect(lines).toContain(
      'content/illustrations/photo.png:1:1  (file)  illustrations are .svg files; rename or move this file',
    )
    // Found by the XML parser, at the element itself (content/schema/asset-folders.ts).
    expect(lines).toContain(
      'content/illustrations/scripted.svg:1:61  (file)  <script> can’t be used in an illustration: it is inlined into every page that shows it, so it must be plain drawing: shapes, text and groups painted with the classes of CONTENT.md',
    )
    expect(lines.find((line) => line.startsWith('content/pages/home.yaml:'))).toMatch(
      /^content\/pages\/home\.yaml:12:\d+ {2}sections\[0\]\.illustration\.file {2}there is no illustrations entry "home-heroo" \(content\/illustrations\/\); known: about, home-hero, industries, process, resources, services, startups$/,
    )
    expect(lines.find((line) => line.startsWith('content/pages/process.yaml:'))).toMatch(
      /sections\[0\]\.illustration\.alt {2}says what the drawing shows for people who cannot see it; write an alt, or set decorative: true/,
    )
    expect(lines.find((line) => line.startsWith('content/pages/system-design.yaml:'))).toMatch(
      /sections\[0\]\.illustration\.alt {2}a decorative drawing is skipped by screen readers, so it has no alt/,
    )
  })

  it('accepts the real content, with an illustration on every page family', async () => {
    const { entries, errors } = await loadContent(root, collections)
    expect(errors).toEqual([])
    const heroOf = (id: string) =>
      (
        entries.get('pages')!.find((entry) => entry.id === id)!.data as {
          sections: { type: string; illustration?: { file: string } }[]
        }
      ).sections.find((section) => section.type === 'hero')
    const files = ['home', 'services', 'process', 'about', 'startups', 'guides'].map(
      (id) => heroOf(id)?.illustration?.file,
    )
    expect(files).toEqual(['home-hero', 'services', 'process', 'about', 'startups', 'resources'])
    for (const industry of entries.get('industries')!)
      expect(
        (industry.data as { hero: { illustration?: { file: string } } }).hero.illustration?.file,
      ).toBe('industries')
  })
})

/**
 * The classes styles.css defines: each `.name` of a rule, and the names its `@source inline(…)`
 * lists (braces expanded) for an `@utility name-*` it holds, as Tailwind writes them.
 */
function definedClasses(css: string): Set<string> {
  const names = new Set([...css.matchAll(/\.([\w-]+)/g)].map((match) => match[1]!))
  const utilities = [...css.matchAll(/@utility ([\w-]+)-\*/g)].map((match) => match[1]!)
  for (const [, list] of css.matchAll(/@source inline\('([^']+)'\)/g)) {
    const braces = /^(.*?)\{([^}]*)\}$/.exec(list!)
    const expanded = braces ? braces[2]!.split(',').map((option) => braces[1]! + option) : [list!]
    for (const name of expanded)
      if (utilities.some((utility) => name.startsWith(`${utility}-`))) names.add(name)
  }
  return names
}

describe('the build-time optimiser', () => {
  it('keeps the paint roles, the size and no comment, and prefixes ids per drawing', () => {
    const drawing = optimiseIllustration(
      'sample',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><!-- a note --><defs><clipPath id="c"><rect width="10" height="10"/></clipPath></defs><rect class="f-accent" clip-path="url(#c)" width="40" height="20"/></svg>',
    )
    expect(drawing).toMatchObject({ width: 40, height: 20 })
    expect(drawing.body).toContain('class="f-accent"')
    expect(drawing.body).not.toContain('a note')
    const id = /id="(illustration-sample__\w+)"/.exec(drawing.body)?.[1]
    expect(id).toBeDefined()
    expect(drawing.body).toContain(`url(#${id})`)
    expect(drawing.body).not.toMatch(/^<svg|<\/svg>$/)
  })

  it('leaves every real drawing under 3 KB, painted only with the roles styles.css defines', async () => {
    const css = await readFile(path.join(root, 'renderer/styles.css'), 'utf8')
    const files = (await readdir(drawings)).filter((file) => file.endsWith('.svg'))
    expect(files.length).toBeGreaterThanOrEqual(7)
    for (const file of files) {
      const { body } = optimiseIllustration(file, await readFile(path.join(drawings, file), 'utf8'))
      expect(body.length, file).toBeLessThan(3 * 1024)
      expect(body, file).not.toMatch(/\s(fill|stroke)="#/)
      const classes = new Set(
        [...body.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(' ')),
      )
      for (const name of classes) expect(definedClasses(css), `${file}: .${name}`).toContain(name)
    }
  })
})
