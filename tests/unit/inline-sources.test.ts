import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  cspHash,
  findInlineSources,
  RUNTIME_INLINE_STYLES,
} from '../../build/outputs/inline-sources.ts'
import { PAGE_SCRIPT_LOADER } from '../../renderer/page-script.ts'
import { THEME_SCRIPT } from '../../renderer/theme-script.ts'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('inline sources of built HTML', () => {
  it('hashes inline scripts, including module scripts, but not data blocks or external files', () => {
    const found = findInlineSources([
      '<script type="module">import("/a.js")</script><script>window.x=1</script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script src="/assets/app.js" type="module" async></script>',
      '<script type="application/json" id="vike_pageContext">{}</script>',
    ])
    expect(found.scriptHashes).toEqual([sha('import("/a.js")'), sha('window.x=1')].sort())
  })

  it('hashes inline styles and decoded style attributes, and ignores text that looks like one', () => {
    const found = findInlineSources([
      '<style>.a{color:red}</style><span style="position:absolute;font-family:&quot;x&quot;">a</span>',
      '<p>write style="color:red" in your HTML</p>',
    ])
    expect(found.styleHashes).toContain(sha('.a{color:red}'))
    expect(found.styleAttributeHashes).toEqual([sha('position:absolute;font-family:"x"')])
  })

  it('is the CSP sha256 source form', () => {
    expect(cspHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='")
  })
})

it('knows the exact <style> text the installed react-aria injects at run time', async () => {
  const dist = path.resolve(import.meta.dirname, '../../node_modules/react-aria/dist/private')
  const injected = await Promise.all(
    ['interactions/usePress.mjs', 'overlays/usePreventScroll.mjs'].map(async (file) => {
      const source = await readFile(path.join(dist, file), 'utf8')
      const attribute = /PRESSABLE_ATTRIBUTE = '([^']+)'/.exec(source)?.[1]
      const text = /style\.textContent = `([\s\S]*?)`\.trim\(\)/.exec(source)?.[1]
      return text?.replace(/\$\{[^}]*PRESSABLE_ATTRIBUTE\}/, attribute ?? '').trim()
    }),
  )
  expect(injected).toEqual(RUNTIME_INLINE_STYLES)
  expect(findInlineSources([]).styleHashes).toEqual(RUNTIME_INLINE_STYLES.map(cspHash).sort())
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
