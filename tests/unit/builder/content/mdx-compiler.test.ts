// MDX bodies compiled to the text of a function and run when their page is rendered: one parse
// per body on a cold build (the content check reads the compiler's own tree, and the body
// compiled from that tree is the one the content module then takes from the cache), and a body
// run from its text renders what MDX's own `evaluate` renders.
import { evaluate } from '@mdx-js/mdx'
import { cp, readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { createElement, type ReactNode } from 'react'
import * as runtime from 'react/jsx-runtime'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../../../builder/content/load.ts'
import { analyseBody, analyseTree } from '../../../../builder/content/mdx-body.ts'
import { createMdxCompiler } from '../../../../builder/content/mdx-compiler.ts'
import { mdxContent } from '../../../../builder/content/mdx-content.ts'
import { mdxOptions } from '../../../../builder/content/mdx-options.ts'
import { writerComponents } from '../../../../content/schema/writer-component-names.ts'
import { formatReport } from '../../../../builder/content/report.ts'
import { readSource } from '../../../../builder/content/source.ts'
import { collections } from '../../../../content/schema/collections.ts'
import { scratchDir } from '../../helpers/scratch-dir.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
const scratch = scratchDir('mdx-compiler-')
const compilerAt = (cacheRoot: string, cache = true) =>
  createMdxCompiler(mdxOptions, { root: cacheRoot, cache })

async function mdxFiles(): Promise<string[]> {
  const entries = await readdir(path.join(root, 'content'), { recursive: true })
  return entries
    .filter((entry) => entry.endsWith('.mdx') && !entry.startsWith('_'))
    .map((entry) => path.join(root, 'content', entry))
    .sort()
}

describe('the MDX compiler', () => {
  it('gives the content check the same facts and problems as its own parse, for every body', async () => {
    const files = await mdxFiles()
    expect(files.length).toBeGreaterThanOrEqual(12)
    const compiler = compilerAt(path.join(scratch(), 'facts'))
    for (const file of files) {
      const text = await readFile(file, 'utf8')
      const source = readSource(path.relative(root, file), text)
      const parsed = await compiler.parseOnce(file, text)
      expect(parsed, file).toBeDefined()
      expect(analyseTree(parsed!.tree, source.bodyLine ?? 1), file).toEqual(
        analyseBody(source.body!, source.bodyLine ?? 1),
      )
    }
  })

  it('compiles the parsed tree into the cache: the content module reuses it, byte for byte', async () => {
    const file = (await mdxFiles()).find((name) => name.includes('/articles/'))!
    const text = await readFile(file, 'utf8')
    const cacheRoot = path.join(scratch(), 'reuse')
    const checking = compilerAt(cacheRoot)
    await (await checking.parseOnce(file, text))!.compile()
    expect(checking.stats).toEqual({ compiled: 0, reused: 0, fromParsedTree: 1 })
    // Compiled once already: nothing left to gain from parsing it again.
    expect(await checking.parseOnce(file, text)).toBeUndefined()

    const building = compilerAt(cacheRoot)
    const module = await building.compile(file, text)
    expect(building.stats).toMatchObject({ compiled: 0, reused: 1 })
    const uncached = await compilerAt(cacheRoot, false).compile(file, text)
    // The content module names the cached file rather than carrying the text; without a cache
    // there is no file to name, and the text itself is handed over.
    if (!('file' in module)) throw new Error('a cached body should name its file')
    if (!('code' in uncached)) throw new Error('an uncached body should carry its text')
    expect(uncached).not.toHaveProperty('file')
    const kept = await readFile(module.file, 'utf8')
    expect(kept).toBe(uncached.code)
    expect(kept).toContain('_createMdxContent')
  })

  it('leaves a body that does not parse to the check, and compiles nothing of it', async () => {
    const compiler = compilerAt(path.join(scratch(), 'broken'))
    const broken = '---\ntitle: A\n---\n\nSome <strong>unclosed text.\n'
    expect(await compiler.parseOnce(path.join(root, 'content/legal/x.mdx'), broken)).toBeUndefined()
    expect(compiler.stats.fromParsedTree).toBe(0)
  })
})

/** Each writer component as a plain element that shows its name and props, so two renders of a
 * body agree only when they hand every component the same props and children. */
const standIns = Object.fromEntries(
  Object.keys(writerComponents).map((name) => {
    const StandIn = ({ children, ...props }: { children?: ReactNode }) =>
      createElement(
        'div',
        { 'data-component': name, 'data-props': JSON.stringify(props) },
        children,
      )
    return [name, StandIn]
  }),
)

describe('a body run from its compiled text', () => {
  it('renders what MDX’s own evaluate renders, for every real body', async () => {
    const compiler = compilerAt(path.join(scratch(), 'render'))
    for (const file of await mdxFiles()) {
      const text = await readFile(file, 'utf8')
      // Read from the file the cache keeps it in, as the content module has it.
      const compiled = await compiler.compile(file, text)
      expect(compiled, file).toHaveProperty('file')
      const Content = mdxContent(path.relative(root, file), compiled)
      const html = renderToStaticMarkup(createElement(Content, { components: standIns }))
      const { default: Reference } = await evaluate(text, { ...runtime, ...mdxOptions })
      expect(html, file).toBe(
        renderToStaticMarkup(createElement(Reference, { components: standIns })),
      )
      expect(html.length, file).toBeGreaterThan(1000)
    }
  })

  it('names its file when the text does not run', () => {
    const Content = mdxContent('content/articles/x.mdx', { code: 'throw new Error("broken")' })
    expect(() => renderToStaticMarkup(createElement(Content))).toThrow(
      'content/articles/x.mdx: its compiled MDX body does not run',
    )
  })

  it('names its file when the cache lost the compiled text', () => {
    const gone = path.join(scratch(), 'gone', 'body.js')
    const Content = mdxContent('content/articles/x.mdx', { file: gone })
    expect(() => renderToStaticMarkup(createElement(Content))).toThrow(
      'content/articles/x.mdx: its compiled MDX body is gone from the build cache',
    )
  })
})

describe('a content load with the compiler', () => {
  it('reports every broken fixture file exactly as the plain check does', async () => {
    const fixture = path.join(root, 'tests/fixtures/broken-content')
    const copy = path.join(scratch(), 'broken-content')
    await cp(fixture, copy, { recursive: true })
    const plain = await loadContent(fixture, collections)
    const compiler = compilerAt(copy)
    const withCompiler = await loadContent(copy, collections, { cache: true, compiler })
    expect(formatReport(withCompiler.errors)).toBe(formatReport(plain.errors))
    // The fixture's one MDX body read has problems: a build that stops compiles nothing of it.
    expect(compiler.stats.fromParsedTree).toBe(0)
  })
})
