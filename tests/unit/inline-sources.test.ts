import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { cspHash, findInlineSources } from '../../scripts/lib/inline-sources.ts'

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
    expect(found.styleHashes).toEqual([sha('.a{color:red}')])
    expect(found.styleAttributeHashes).toEqual([sha('position:absolute;font-family:"x"')])
  })

  it('is the CSP sha256 source form', () => {
    expect(cspHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='")
  })
})
