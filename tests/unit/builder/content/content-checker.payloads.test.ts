// Content cannot run code (issue 68): one table of attacks a writer's file could carry, each run
// through every place that reads a body, which must all say the same sentence at the same place
// (content/schema/body-rules.ts is the one rule set): `npm run check:content` (the command
// itself), the build (the content plugin's load in a build, what `vike build` runs), the dev
// server (the same plugin serving pages, which sets a refused entry aside), the editor's in-page
// check (builder/admin/entry-check-in-page.ts) and the preview pane (admin/preview-body.tsx), which
// draws the check's sentence instead of what it refuses; the MDX compiler refuses it too. A body whose `{…}` would write a file in
// Node writes nothing in any of them. Drawings (content/illustrations/) and addresses in YAML are
// held to the same rules.
import { existsSync } from 'node:fs'
import { cp, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Plugin } from 'vite'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseBody } from '../../../../admin/preview-body.tsx'
import { checkFilesInPage } from '../../../../builder/admin/entry-check-in-page.ts'
import type { ContentIndex } from '../../../../builder/content/check-types.ts'
import { contentIndex, publishingDay } from '../../../../builder/content/load.ts'
import { createMdxCompiler } from '../../../../builder/content/mdx-compiler.ts'
import { mdxOptions } from '../../../../builder/content/mdx-options.ts'
import { ContentCheckError, formatError } from '../../../../builder/content/report.ts'
import { contentCollections } from '../../../../builder/vite/content-plugin.ts'
import {
  illustrations,
  optimiseIllustration,
} from '../../../../builder/vite/illustrations-plugin.ts'
import { bodyComponentsFor } from '../../../../components/mdx/body-components.tsx'
import { assetFolders } from '../../../../content/schema/asset-folders.ts'
import { collections } from '../../../../content/schema/collections.ts'
import { timeLimit } from '../../../harness/time-limit.ts'
import { checkContentCommand } from '../../helpers/check-content-command.ts'
import { scratchDir } from '../../helpers/scratch-dir.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
const scratch = scratchDir('content-is-data-')
/** A load of the site's content, on a quiet machine. */
const LOAD = timeLimit(60_000)
/** What the `{…}` attack would write if anything ran it. */
const marker = () => path.join(scratch(), 'RAN-IN-NODE')

const FRONTMATTER = [
  '---',
  'title: An article a writer with access to one file could send',
  'description: One of the attacks of issue 68, which every reader of a body must refuse alike.',
  'publishDate: 2026-01-05',
  'author: aisha-bello',
  'tags:',
  '  - hiring-process',
  '---',
  '',
]

interface Attack {
  what: string
  body: string | (() => string)
  /**
   * The line of the body (1 is its first) and column the sentence points at; the file's line
   * when the attack is in the frontmatter.
   */
  at: [line: number, column: number]
  message: string
  /** What the preview must not draw (lowercase), besides drawing the sentence. */
  notDrawn?: string
  /** A frontmatter line added to the fixture (the attack is in the data, not the body). */
  frontmatter?: string
}

const SCRIPTS = 'Scripts can’t be used in the text of a page: remove the <script> tag.'
const EMBED =
  'Other pages can’t be embedded in the text: remove the <iframe> tag and link to the page with [the words](https://…).'
const JAVASCRIPT =
  'a "javascript:" address runs code in the reader’s browser, which content can’t do: link to a page (https://… or a path of this site such as /about) instead'
const DATA =
  'a "data:" address puts a whole file inside the address; pictures go in the images/ folder and are written "./images/file.png": link to a page (https://… or a path of this site such as /about) instead'
const CODE =
  '{…} holds code, and code in the text would run when the site is built: remove the braces and write plain words'
const onAttribute = (tag: string, name: string) =>
  `<${tag} ${name}> would run code when something happens on the page, which content can’t do: remove ${name}.`

const attacks: Attack[] = [
  {
    what: 'a script with dangerouslySetInnerHTML',
    body: `<script dangerouslySetInnerHTML={{__html: "document.title='INJECTED-1'"}} />`,
    at: [1, 1],
    message: SCRIPTS,
    notDrawn: 'injected-1',
  },
  {
    what: 'dangerouslySetInnerHTML on an allowed tag',
    body: `<div dangerouslySetInnerHTML={{__html: "<img src=x onerror=alert(1)>"}} />`,
    at: [1, 6],
    message:
      '<div dangerouslySetInnerHTML> would put raw HTML, scripts included, into the page: remove dangerouslySetInnerHTML.',
    notDrawn: 'onerror',
  },
  {
    what: 'an iframe with srcDoc',
    body: `<iframe srcDoc="<script>parent.document.title='INJECTED-2'</script>" />`,
    at: [1, 1],
    message: EMBED,
    notDrawn: 'injected-2',
  },
  {
    what: 'srcdoc on an allowed tag',
    body: 'Words <span srcdoc="x">here</span>.',
    at: [1, 13],
    message:
      '<span srcdoc> would put a whole page, scripts included, into this one: remove srcdoc.',
    notDrawn: 'srcdoc',
  },
  {
    what: 'formAction',
    body: '<div formAction="https://example.com/steal">Send</div>',
    at: [1, 6],
    message: '<div formAction> would send a form to another address: remove formAction.',
    notDrawn: 'formaction',
  },
  {
    what: 'an onError handler',
    body: '<span onError="alert(1)">x</span>',
    at: [1, 7],
    message: onAttribute('span', 'onError'),
    notDrawn: 'alert(1)',
  },
  {
    what: 'an on… handler in capitals, with spaces around "="',
    body: '<span ONCLICK = "alert(1)">x</span>',
    at: [1, 7],
    message: onAttribute('span', 'ONCLICK'),
    notDrawn: 'alert(1)',
  },
  {
    what: 'an on… handler on a writer component',
    body: '<Callout onClick="alert(1)">x</Callout>',
    at: [1, 10],
    message: onAttribute('Callout', 'onClick'),
    notDrawn: 'alert(1)',
  },
  {
    what: '<style>',
    body: '<style>{"body{background:url(https://example.com/x)}"}</style>',
    at: [1, 1],
    message:
      'Styles can’t be written in the text: the site gives every page its look; remove the <style> tag.',
    notDrawn: 'example.com',
  },
  {
    what: '<meta>',
    body: '<meta httpEquiv="refresh" content="0;url=https://example.com" />',
    at: [1, 1],
    message:
      'The page’s <meta> tags are written by the site, not in the text: remove the <meta> tag (the title and description are fields above the text).',
    notDrawn: 'refresh',
  },
  {
    what: '<base>',
    body: '<base href="https://example.com/" />',
    at: [1, 1],
    message: 'A <base> tag would change where every link of the page goes: remove it.',
    notDrawn: '<base',
  },
  {
    what: '<link>',
    body: '<link rel="stylesheet" href="https://example.com/x.css" />',
    at: [1, 1],
    message:
      'A <link> tag can’t be used in the text: remove it; to link to a page, write [the words](address).',
    notDrawn: 'stylesheet',
  },
  {
    what: '<svg>',
    body: '<svg onload="alert(1)"><circle r="1" /></svg>',
    at: [1, 1],
    message:
      'Drawings can’t be written into the text: remove the <svg> tag and show a picture with ![what it shows](./images/file.png).',
    notDrawn: 'alert(1)',
  },
  {
    what: '<math>',
    body: '<math><mi>x</mi></math>',
    at: [1, 1],
    message:
      'Formulas can’t be written with <math> in the text: remove the <math> tag and write the formula in words, or show it as a picture.',
    notDrawn: '<mi',
  },
  {
    what: '<object>',
    body: '<object data="https://example.com/x.swf" />',
    at: [1, 1],
    message:
      'Plugins and embedded files can’t be used in the text: remove the <object> tag and link to the file instead.',
    notDrawn: 'x.swf',
  },
  {
    what: '<embed>',
    body: '<embed src="https://example.com/x.swf" />',
    at: [1, 1],
    message:
      'Plugins and embedded files can’t be used in the text: remove the <embed> tag and link to the file instead.',
    notDrawn: 'x.swf',
  },
  {
    what: '<form>',
    body: '<form action="https://example.com/steal"><span>Send</span></form>',
    at: [1, 1],
    message:
      'Forms can’t be written into the text: remove the <form> tag; the site’s own forms (contact, booking) come with its pages and with <BookingCta>.',
    notDrawn: 'steal',
  },
  {
    what: 'a tag outside the allow-list',
    body: '<img src="./images/x.png" alt="x" onError="alert(1)" />',
    at: [1, 1],
    message:
      '<img> is not one of the HTML tags the text may use: write Markdown, or one of the tags and writer components listed in docs/content-reference.md',
    notDrawn: 'alert(1)',
  },
  {
    what: 'an attribute outside the allow-list',
    body: 'See <a href="/about" target="_blank">us</a>.',
    at: [1, 22],
    message: '<a target> can’t be used in the text: an <a> may have href, title, lang, dir',
    notDrawn: '_blank',
  },
  {
    what: 'a javascript: link',
    body: '[click](javascript:alert(1))',
    at: [1, 1],
    message: JAVASCRIPT,
    notDrawn: 'javascript',
  },
  {
    what: 'a javascript: link in mixed case',
    body: '[click](JaVaScRiPt:alert(1))',
    at: [1, 1],
    message: JAVASCRIPT,
    notDrawn: 'javascript',
  },
  {
    what: 'a javascript: link written with entities',
    body: '[click](&#106;avascript&#58;alert(1))',
    at: [1, 1],
    message: JAVASCRIPT,
    notDrawn: 'avascript',
  },
  {
    what: 'a javascript: link with a tab inside the scheme',
    body: '[click](java&#x09;script:alert(1))',
    at: [1, 1],
    message: JAVASCRIPT,
    notDrawn: 'script:',
  },
  {
    what: 'a javascript: link behind a leading control character',
    body: '<a href="&#x01; javascript:alert(1)">click</a>',
    at: [1, 4],
    message: `<a href>: ${JAVASCRIPT}`,
    notDrawn: 'javascript',
  },
  {
    what: 'a javascript: link by reference',
    body: 'See [the page][x].\n\n[x]: javascript:alert(1)',
    at: [3, 1],
    message: JAVASCRIPT,
    notDrawn: 'javascript',
  },
  {
    what: 'a data: link',
    body: '[open](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    at: [1, 1],
    message: DATA,
    notDrawn: 'data:',
  },
  {
    what: 'a data: picture',
    body: '![A dot](data:image/png;base64,iVBORw0KGgo=)',
    at: [1, 1],
    message: DATA,
    notDrawn: 'data:',
  },
  {
    what: 'a javascript: address in a writer component’s picture',
    body: '<Figure src="javascript:alert(1)" alt="x" caption="y" />',
    at: [1, 9],
    message: `<Figure src>: ${JAVASCRIPT}`,
    notDrawn: 'javascript',
  },
  {
    what: 'a data: address in the frontmatter’s cover picture',
    body: 'Words.',
    frontmatter: 'cover:\n  src: data:image/png;base64,iVBORw0KGgo=\n  alt: A dot',
    at: [9, 3],
    message: DATA,
  },
  {
    what: 'an expression that writes a file in Node',
    body: () =>
      `{process.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(marker())}, 'ran')}`,
    at: [1, 1],
    message: CODE,
    notDrawn: 'writefilesync',
  },
  {
    what: 'an expression inside a sentence',
    body: 'It is {globalThis.INJECTED = 3} pm.',
    at: [1, 7],
    message: CODE,
    notDrawn: 'injected',
  },
  {
    what: 'an expression as a prop',
    body: '<Callout title={String(globalThis)}>x</Callout>',
    at: [1, 10],
    message:
      '<Callout title={…}> holds code, and code in the text would run when the site is built: write the value in quotes, title="…"',
    notDrawn: 'globalthis',
  },
  {
    what: 'spread props',
    body: '<Callout {...globalThis.props}>x</Callout>',
    at: [1, 10],
    message:
      '<Callout {…}> holds code, and code in the text would run when the site is built: write each attribute as name="value"',
  },
  {
    what: 'an import (issue 75: ESM)',
    body: "import fs from 'node:fs'",
    at: [1, 1],
    message: 'imports and exports are not needed: the writer components work as they are',
  },
  {
    what: 'a handler whose "o" is Cyrillic (issue 75: a look-alike)',
    body: '<abbr \u043enclick="alert(1)">x</abbr>',
    at: [1, 7],
    message: '<abbr \u043enclick> can’t be used in the text: an <abbr> may have title, lang, dir',
  },
  {
    what: 'a link to another site written like a path (issue 75)',
    body: '[our process](//evil.test/process)',
    at: [1, 1],
    message:
      '"//evil.test/process" opens another site: write its address in full, starting with https://, or a path of this site starting with a single /',
    notDrawn: 'evil.test',
  },
  {
    what: 'an export',
    body: 'export const injected = globalThis.process',
    at: [1, 1],
    message: 'imports and exports are not needed: the writer components work as they are',
    notDrawn: 'process',
  },
]

/** The file of the attack at `index`, as the check names it. */
const fileOf = (index: number) => `content/articles/attack-${index + 1}.mdx`
const bodyOf = (attack: Attack) => (typeof attack.body === 'string' ? attack.body : attack.body())
function fileText(attack: Attack): string {
  const frontmatter = [...FRONTMATTER]
  if (attack.frontmatter) frontmatter.splice(-2, 0, attack.frontmatter)
  return `${frontmatter.join('\n')}\n${bodyOf(attack)}\n`
}
/** The sentence every reader of the attack must say, as `npm run check:content` prints it. */
function expected(attack: Attack, index: number): string {
  const [line, column] = attack.at
  if (attack.frontmatter) return `${fileOf(index)}:${line}:${column}  cover.src  ${attack.message}`
  return `${fileOf(index)}:${FRONTMATTER.length + line}:${column}  (body)  ${attack.message}`
}

/** Writing words the rules allow, which every reader lets through. */
const ALLOWED = [
  'A <abbr title="Service level agreement">SLA</abbr> and <kbd>Ctrl</kbd> + <kbd>C</kbd>.',
  '',
  'Plain values: {"quoted words"}, {42}, {/* a note to other writers */}.',
  '',
  '[Our process](/process), [a guide](https://example.com/guide), [mail](mailto:hello@example.com).',
  '',
  '<details><summary>More</summary>Hidden words.</details>',
].join('\n')

beforeAll(async () => {
  await cp(path.join(root, 'content'), path.join(scratch(), 'content'), { recursive: true })
  await symlink(path.join(root, 'public'), path.join(scratch(), 'public'))
  for (const [index, attack] of attacks.entries())
    await writeFile(path.join(scratch(), fileOf(index)), fileText(attack))
  await writeFile(
    path.join(scratch(), 'content/articles/allowed.mdx'),
    `${FRONTMATTER.join('\n')}\n${ALLOWED}\n`,
  )
}, LOAD)

/** The content index as the editor's page reads it (through JSON, as the build writes it). */
let index: ContentIndex

/** Each attack's sentences in a report, by attack. */
function byAttack(lines: readonly string[]): string[][] {
  return attacks.map((_, index) => lines.filter((line) => line.startsWith(`${fileOf(index)}:`)))
}
const everyAttack = () => attacks.map((attack, index) => [expected(attack, index)])

describe('a body that would run code', () => {
  it(
    'is refused by npm run check:content, with file:line:col and the writer’s sentence',
    async () => {
      const run = await checkContentCommand([scratch()])
      expect(run.code, 'the check exits 1').toBe(1)
      const lines = run.stderr.split('\n')
      expect(byAttack(lines)).toEqual(everyAttack())
      expect(lines.filter((line) => line.startsWith('content/articles/allowed.mdx'))).toEqual([])
      expect(existsSync(marker())).toBe(false)
    },
    LOAD,
  )

  it(
    'stops the build before any body is compiled',
    async () => {
      const plugin = contentCollections(collections, mdxOptions)
      call(plugin.configResolved, { root: scratch(), command: 'build' })
      const error = await Promise.resolve(call(plugin.load, RESOLVED_CONTENT)).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(error).toBeInstanceOf(ContentCheckError)
      const lines = (error as ContentCheckError).errors.map(formatError)
      expect(byAttack(lines)).toEqual(everyAttack())
      expect(await compiledBodies()).not.toMatch(/writeFileSync|INJECTED/)
      expect(existsSync(marker())).toBe(false)
    },
    LOAD,
  )

  it(
    'is set aside by the dev server with its sentences, never compiled or run',
    async () => {
      const plugin = contentCollections(collections, mdxOptions)
      call(plugin.configResolved, { root: scratch(), command: 'serve' })
      call(plugin.configureServer, fakeDevServer())
      const module = String(await call(plugin.load, RESOLVED_CONTENT))
      const problems = JSON.parse(/export const problems = (.*)\n/.exec(module)![1]!) as {
        file: string
        errors: { file: string; line: number; column: number; field: string; message: string }[]
      }[]
      const lines = problems.flatMap((entry) => entry.errors.map(formatError))
      expect(byAttack(lines)).toEqual(everyAttack())
      // The allowed article is served, compiled; no attack is.
      expect(module).toContain('"content/articles/allowed.mdx"')
      for (const index of attacks.keys())
        expect(module).not.toContain(`Content: mdxContent(${JSON.stringify(fileOf(index))}`)
      expect(await compiledBodies()).not.toMatch(/writeFileSync|INJECTED/)
      expect(existsSync(marker())).toBe(false)
    },
    LOAD,
  )

  it('is not compiled by the MDX compiler, whoever asks it to', async () => {
    const compiler = createMdxCompiler(mdxOptions, { root: scratch(), cache: false })
    for (const [index, attack] of attacks.entries()) {
      if (attack.frontmatter) continue // data: the compiler reads the body only
      const file = path.join(scratch(), fileOf(index))
      await expect(compiler.compile(file, fileText(attack)), attack.what).rejects.toThrow(
        `${fileOf(index)}: MDX could not compile it: ${attack.message}`,
      )
    }
    expect(existsSync(marker())).toBe(false)
  })

  it(
    'is refused by the editor’s in-page check with the same sentences',
    async () => {
      index = JSON.parse(JSON.stringify(await contentIndex(root, collections))) as ContentIndex
      const today = await publishingDay(root, collections)
      const lines = await Promise.all(
        attacks.map((attack, position) =>
          checkFilesInPage(
            collections,
            index,
            [{ path: fileOf(position), content: fileText(attack) }],
            today,
          ),
        ),
      )
      expect(lines).toEqual(everyAttack())
      expect(
        await checkFilesInPage(
          collections,
          index,
          [
            {
              path: 'content/articles/allowed.mdx',
              content: `${FRONTMATTER.join('\n')}\n${ALLOWED}\n`,
            },
          ],
          today,
        ),
      ).toEqual([])
    },
    LOAD,
  )

  it('is drawn by the preview pane as the check’s sentence, and nothing of it runs', () => {
    const components = bodyComponentsFor((src) => ({
      width: 10,
      height: 10,
      src: `/preview/${src}`,
      srcset: { avif: `/preview/${src}`, webp: `/preview/${src}` },
    }))
    for (const attack of attacks) {
      if (attack.frontmatter) continue // the preview draws bodies; the form checks the fields
      const { Content } = parseBody(bodyOf(attack))
      const markup = renderToStaticMarkup(createElement(Content, { components }))
      const html = unescape(markup)
      expect(html, attack.what).toContain(`Not shown: ${attack.message}`)
      const rest = html.toLowerCase().replace(`not shown: ${attack.message.toLowerCase()}`, '')
      if (attack.notDrawn) expect(rest, attack.what).not.toContain(attack.notDrawn)
      // What is drawn besides the sentences, as the browser reads it (the writer components'
      // own icons are <svg>s and pictures <img>s: those attacks are told by their notDrawn).
      const drawn = markup.replace(/<span role="note" data-refused="true">[^<]*<\/span>/g, '')
      expect(drawn, attack.what).not.toMatch(
        /<(script|iframe|style|meta|base|link|math|object|embed|form)\b|\son\w+=|srcdoc|dangerously|formaction/i,
      )
    }
    const { Content } = parseBody(ALLOWED)
    const html = unescape(renderToStaticMarkup(createElement(Content, { components })))
    expect(html).not.toContain('Not shown')
    expect(html).toContain('<abbr title="Service level agreement">SLA</abbr>')
    expect(html).toContain('Plain values: quoted words, 42, .')
    expect(html).toContain('<details><summary>More</summary>Hidden words.</details>')
  })
})

describe('a drawing that would run code or load something', () => {
  /** `at`: where the sentence points, when not at the drawing's first element (2:3). */
  const drawings: { what: string; svg: string; message: string; at?: string }[] = [
    {
      what: 'onload with a space before "="',
      svg: '<circle onload ="alert(1)" r="1"/>',
      message: '<circle onload> would run code on every page that shows the drawing: remove onload',
    },
    {
      what: 'ONLOAD in capitals',
      svg: '<rect ONLOAD="alert(1)" width="1" height="1"/>',
      message: '<rect ONLOAD> would run code on every page that shows the drawing: remove ONLOAD',
    },
    {
      what: 'a script',
      svg: '<script>alert(1)</script>',
      message:
        '<script> can’t be used in an illustration: it is inlined into every page that shows it, so it must be plain drawing: shapes, text and groups painted with the classes of CONTENT.md',
    },
    {
      what: 'foreignObject',
      svg: '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>',
      message:
        '<foreignObject> can’t be used in an illustration: it is inlined into every page that shows it, so it must be plain drawing: shapes, text and groups painted with the classes of CONTENT.md',
    },
    {
      what: 'a javascript: xlink:href written with entities',
      svg: '<use xlink:href="&#106;avascript:alert(1)"/>',
      message: `<use xlink:href>: ${JAVASCRIPT}`,
    },
    {
      what: 'a data: href',
      svg: '<use href="data:image/svg+xml;base64,PHN2Zy8+"/>',
      message: `<use href>: ${DATA}`,
    },
    {
      what: 'an outside reference',
      svg: '<use href="https://example.com/sprite.svg#a"/>',
      message:
        '<use href="https://example.com/sprite.svg#a"> points outside the drawing: an illustration may only refer to its own parts, as href="#id"',
    },
    {
      what: 'an outside url() in a paint',
      svg: '<rect class="f-accent" mask="url(https://example.com/m.svg#m)" width="1" height="1"/>',
      message:
        '<rect mask> loads "https://example.com/m.svg#m" from outside the drawing: an illustration may only refer to its own parts, as url(#id)',
    },
    {
      what: 'markup in a CDATA section of a <title> (issue 75)',
      svg: '<title><![CDATA[<script>alert(1)</script>]]></title>',
      at: '2:10',
      message:
        'remove the <![CDATA[ … ]]> section and write its words plainly: it is inlined into every page that shows it, so it must be plain drawing: shapes, text and groups painted with the classes of CONTENT.md',
    },
    {
      what: 'a kept comment holding a script (issue 75)',
      svg: '<!--! <script>alert(1)</script> -->',
      message:
        'remove the comment "<!--! <script>alert(1)</…": a comment is kept in the page when it starts with "!" or holds markup, and it is inlined into every page that shows it, so it must be plain drawing: shapes, text and groups painted with the classes of CONTENT.md',
    },
    {
      what: 'an animation setting an attribute',
      svg: '<set attributeName="onclick" to="alert(1)"/>',
      message:
        '<set> can’t be used in an illustration: it is inlined into every page that shows it, so it must be plain drawing: shapes, text and groups painted with the classes of CONTENT.md',
    },
    {
      what: 'a style sheet',
      svg: '<style>@import url(https://example.com/x.css);</style>',
      message:
        '<style> can’t be used in an illustration: it is inlined into every page that shows it, so it must be plain drawing: shapes, text and groups painted with the classes of CONTENT.md',
    },
  ]
  const OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n  '
  const name = (index: number) => `attack-${index + 1}`

  it(
    'is refused by the content check at its line and column, and never inlined',
    async () => {
      const dir = path.join(scratch(), 'content/illustrations')
      for (const [index, { svg }] of drawings.entries())
        await writeFile(path.join(dir, `${name(index)}.svg`), `${OPEN}${svg}\n</svg>\n`)
      const plugin = contentCollections(collections, mdxOptions)
      call(plugin.configResolved, { root: scratch(), command: 'build' })
      const error = await Promise.resolve(call(plugin.load, RESOLVED_CONTENT)).catch(
        (error: unknown) => error as ContentCheckError,
      )
      const lines = (error as ContentCheckError).errors.map(formatError)
      for (const [index, { what, svg, message, at = '2:3' }] of drawings.entries()) {
        const file = `content/illustrations/${name(index)}.svg`
        expect(
          lines.filter((line) => line.startsWith(file)),
          what,
        ).toEqual([`${file}:${at}  (file)  ${message}`])
        // What the build and the dev server inline: refused with the same sentence.
        expect(() => optimiseIllustration(name(index), `${OPEN}${svg}\n</svg>\n`), what).toThrow(
          `${file}:${at}  ${message}`,
        )
      }
      // The dev server's drawings leave them out and serve the others.
      const drawingsPlugin = illustrations()
      call(drawingsPlugin.configResolved, { root: scratch() })
      call(drawingsPlugin.configureServer, fakeDevServer())
      const module = String(await call(drawingsPlugin.load, '\0virtual:illustrations'))
      expect(module).toContain('"about":')
      expect(module).not.toMatch(/attack-|alert|example\.com/)
      // A colour in single quotes is a colour too (issue 75), refused at the drawing's own line.
      expect(
        assetFolders.illustrations.check(
          `${OPEN}<rect style='fill:red' width="1" height="1"/>\n</svg>\n`,
        ),
      ).toEqual({
        line: 2,
        column: 9,
        message:
          "paint with the classes listed in CONTENT.md (f-accent, s-line…) instead of style='fill:red', so the drawing follows the light and dark themes",
      })
    },
    LOAD,
  )
})

describe('an address in a YAML field', () => {
  it('is held to the same rule as a body’s links', async () => {
    const site = await readFile(path.join(root, 'content/site.yaml'), 'utf8')
    const changed = site
      .replace(/(social:\n\s+- label: [^\n]+\n\s+href: )[^\n]+/, '$1"java\\tscript:alert(1)"')
      .replace(/(scheduler:\n\s+url: )[^\n]+/, '$1data:text/html,x')
    expect(changed).not.toBe(site)
    const lines = await checkFilesInPage(collections, index, [
      { path: 'content/site.yaml', content: changed },
    ])
    expect(lines.filter((line) => /social\[0\]\.href|scheduler\.url/.test(line))).toEqual([
      expect.stringMatching(
        /^content\/site\.yaml:\d+:\d+ {2}social\[0\]\.href {2}must be a full URL starting with https:\/\/$/,
      ),
      expect.stringMatching(
        new RegExp(
          `^content/site\\.yaml:\\d+:\\d+ {2}social\\[0\\]\\.href {2}${escape(JAVASCRIPT)}$`,
        ),
      ),
      expect.stringMatching(
        /^content\/site\.yaml:\d+:\d+ {2}scheduler\.url {2}must be a full URL starting with https:\/\/$/,
      ),
      expect.stringMatching(
        new RegExp(`^content/site\\.yaml:\\d+:\\d+ {2}scheduler\\.url {2}${escape(DATA)}$`),
      ),
    ])
  })
})

const RESOLVED_CONTENT = '\0virtual:content'

/** Calls a plugin hook as Vite would, with what these hooks use of Vite's context. */
function call(hook: unknown, ...args: unknown[]): unknown {
  const handler = (
    typeof hook === 'object' && hook ? (hook as { handler: unknown }).handler : hook
  ) as (...args: unknown[]) => unknown
  const logger = { info() {}, warn() {}, error() {} }
  return handler.call({ addWatchFile() {}, environment: { logger } }, ...args)
}

/** What the content and drawing plugins use of Vite's dev server. */
function fakeDevServer() {
  return {
    watcher: { add() {}, on() {}, emit() {} },
    middlewares: { use() {} },
    environments: {},
    ws: { send() {} },
    config: { logger: { info() {}, warn() {}, error() {} } },
  } as unknown as Parameters<Extract<Plugin['configureServer'], (...args: never[]) => unknown>>[0]
}

/** Every compiled body the build cache of the scratch site holds, as one text. */
async function compiledBodies(): Promise<string> {
  const dir = path.join(scratch(), 'node_modules/.cache')
  const files = await readdir(dir, { recursive: true }).catch(() => [] as string[])
  const texts = await Promise.all(
    files
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFile(path.join(dir, file), 'utf8')),
  )
  return texts.join('\n')
}

/** React's escaping undone, so sentences compare as written. */
const unescape = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
