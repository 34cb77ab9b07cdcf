import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  cspHash,
  inlineSourceProblems,
  renderedInlineSources,
} from '../../../../builder/outputs/inline-sources.ts'
import {
  NO_SCRIPT_STYLE,
  PAGE_SCRIPT_LOADER,
  RENDERED_INLINE_SCRIPTS,
  RENDERED_INLINE_STYLES,
  RUNTIME_INLINE_STYLES,
  THEME_SCRIPT,
} from '../../../../renderer/inline-sources.ts'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** A page as the renderer writes one: its scripts, its noscript style, a JSON-LD block. */
const page = (body: string, head = '') =>
  `<!DOCTYPE html><html lang="en"><head><title>A</title><noscript><style>${NO_SCRIPT_STYLE}</style></noscript>` +
  `<script type="application/ld+json">{"@type":"Organization","name":"a\\u003c/script>"}</script>` +
  `${head}<script>${THEME_SCRIPT}</script><script data-page-script="/assets/entries/start.js">${PAGE_SCRIPT_LOADER}</script>` +
  `</head><body><main>${body}</main></body></html>`

describe('the inline sources the policy allows', () => {
  it('are the hashes of the renderer’s own list, whatever the pages hold', () => {
    const allowed = renderedInlineSources()
    expect(allowed.scriptHashes).toEqual(RENDERED_INLINE_SCRIPTS.map(sha).sort())
    expect(allowed.styleHashes).toEqual(RENDERED_INLINE_STYLES.map(sha).sort())
    expect(allowed.scriptHashes).toHaveLength(2)
  })
  it('is the CSP sha256 source form', () => {
    expect(cspHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='")
  })
})

it('knows the exact <style> text the installed react-aria injects at run time', async () => {
  const dist = path.resolve(import.meta.dirname, '../../../../node_modules/react-aria/dist/private')
  const injected = await Promise.all(
    ['interactions/usePress.mjs', 'overlays/usePreventScroll.mjs'].map(async (file) => {
      const source = await readFile(path.join(dist, file), 'utf8')
      const attribute = /PRESSABLE_ATTRIBUTE = '([^']+)'/.exec(source)?.[1]
      const text = /style\.textContent = `([\s\S]*?)`\.trim\(\)/.exec(source)?.[1]
      return text?.replace(/\$\{[^}]*PRESSABLE_ATTRIBUTE\}/, attribute ?? '').trim()
    }),
  )
  expect(injected).toEqual(RUNTIME_INLINE_STYLES)
  for (const style of RUNTIME_INLINE_STYLES)
    expect(renderedInlineSources().styleHashes).toContain(cspHash(style))
  // The hash Chromium reported for the usePress style when the policy blocked it.
  expect(cspHash(RUNTIME_INLINE_STYLES[0]!)).toBe(
    "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='",
  )
})

describe('the inline scripts every page carries', () => {
  // Each is written over many lines and sent minified, as one line (renderer/inline-script.ts):
  // were a line comment kept in it, it would swallow everything after it, and every press on
  // the site would go unanswered.
  it.each([
    ['the page loader', PAGE_SCRIPT_LOADER],
    ['the theme script', THEME_SCRIPT],
  ])('%s parses as the one line it is sent as', (_name, source) => {
    expect(source).not.toContain('\n')
    expect(() => new Function(source)).not.toThrow()
  })
})

describe('the build’s check of a page’s inline sources', () => {
  it('passes a page holding only what the renderer writes, and text that reads like code', () => {
    expect(
      inlineSourceProblems(
        page('<p>write style="color:red" or &lt;script&gt; in your HTML</p><a href="/x">on=</a>'),
      ),
    ).toEqual([])
  })

  // Each attack of issue 68 that reaches a page's HTML, as the page would hold it.
  it.each([
    ['a script from an MDX body', `<script>document.title='INJECTED-1'</script>`, /^a script: /],
    ['a script in capitals', '<SCRIPT>alert(1)</SCRIPT>', /^a script: <SCRIPT>/],
    ['a script of another type', '<script type="text/ecmascript">alert(1)</script>', /^a script/],
    ['an external script', '<script src="/images/x.js"></script>', /^a script/],
    ['an unclosed script', '<p>a</p><script>alert(1)', /^a script/],
    ['a data block that is not JSON-LD', '<script type="text/x">a</script>', /^a script/],
    [
      'a second loader',
      `<script data-page-script="/x.js">${PAGE_SCRIPT_LOADER}</script>`,
      /^a script/,
    ],
    [
      'a script in an inlined SVG',
      '<svg viewBox="0 0 1 1"><script>alert(1)</script></svg>',
      /^a script/,
    ],
    [
      'an inline document',
      '<iframe srcDoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
      /^an inline document \(srcdoc=\)/,
    ],
    ['an event handler', '<img src="/a.png" onError="alert(1)">', /^an event handler \(onerror=\)/],
    [
      'an event handler after spaces',
      '<svg onload = "alert(1)"></svg>',
      /^an event handler \(onload=\)/,
    ],
    ['an event handler after a quoted >', '<img alt=">" onerror=alert(1)>', /^an event handler/],
    ['an event handler after a slash', '<img/onerror=alert(1) src=x>', /^an event handler/],
    ['a style element', '<style>body{display:none}</style>', /^a style element: /],
    ['a style attribute', '<p style="position:fixed;inset:0">x</p>', /^a style attribute: /],
  ])('refuses %s', (_name, injected, problem) => {
    const problems = inlineSourceProblems(page(injected))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(problem)
  })

  it('takes the renderer’s styles as they are written, and refuses one with attributes of its own', () => {
    expect(inlineSourceProblems(page(`<style>${RUNTIME_INLINE_STYLES[0]}</style>`))).toEqual([])
    expect(
      inlineSourceProblems(page(`<style media="print">${NO_SCRIPT_STYLE}</style>`)),
    ).toHaveLength(1)
  })
})
