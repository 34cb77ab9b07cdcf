// The page HTML written with no character above U+00FF (renderer/latin1-html.ts): the same text
// for a browser, in a string V8 keeps at one byte a character.
import { describe, expect, it } from 'vitest'
import { toLatin1Html } from '../../../renderer/latin1-html.ts'

const beyondLatin1 = (text: string) => [...text].filter((c) => c.codePointAt(0)! > 0xff)

describe('toLatin1Html', () => {
  it('leaves a page with nothing beyond Latin-1 as it is', () => {
    const html = '<p title="café">Déjà vu: 5 × 3 · ½</p><script>let a = "é"</script>'
    expect(toLatin1Html(html)).toBe(html)
  })

  it('writes text and attribute values with character references', () => {
    expect(
      toLatin1Html('<p data-props="{&quot;q&quot;:&quot;“{query}”…&quot;}">Risk — B → 😀</p>'),
    ).toBe(
      '<p data-props="{&quot;q&quot;:&quot;&#x201C;{query}&#x201D;&#x2026;&quot;}">Risk &#x2014; B &#x2192; &#x1F600;</p>',
    )
  })

  it('writes scripts with JavaScript escapes, which JSON reads as the same text', () => {
    const data = { name: 'Remote hiring — “time zones” 😀', plain: 'café' }
    const html = `<p>“</p><script type="application/ld+json">${JSON.stringify(data)}</script>`
    const written = toLatin1Html(html)
    expect(beyondLatin1(written)).toEqual([])
    expect(written.startsWith('<p>&#x201C;</p><script type="application/ld+json">')).toBe(true)
    const json = /<script[^>]*>(.*)<\/script>/.exec(written)![1]!
    expect(json).toContain('\\u2014')
    expect(json).toContain('\\uD83D\\uDE00')
    expect(JSON.parse(json)).toEqual(data)
  })

  it('writes styles with CSS escapes', () => {
    expect(toLatin1Html('<style>a::after{content:"→"}</style><b>→</b>')).toBe(
      '<style>a::after{content:"\\2192 "}</style><b>&#x2192;</b>',
    )
  })

  it('tells each script and style apart from the markup between them', () => {
    const written = toLatin1Html(
      '<script>"…"</script><i>…</i><STYLE>x{content:"…"}</STYLE><script src="a.js"></script>…',
    )
    expect(written).toBe(
      '<script>"\\u2026"</script><i>&#x2026;</i><STYLE>x{content:"\\2026 "}</STYLE><script src="a.js"></script>&#x2026;',
    )
  })
})
