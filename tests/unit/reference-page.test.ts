import { parseDocument, DomUtils } from 'htmlparser2'
import { describe, expect, it } from 'vitest'
import { REFERENCE_LIMITS, readReferencePage } from '../../tools/lib/reference-page.ts'

// The bench's floor stays a floor: small, self-contained, one button, one dialog, an inline
// handler that opens it.
describe('the bench reference page', () => {
  const html = readReferencePage()
  const document = parseDocument(html)
  const elements = DomUtils.findAll(() => true, document.children)
  const named = (name: string) => elements.filter((element) => element.name === name)

  it(`is under ${REFERENCE_LIMITS.maxBytes} bytes`, () => {
    expect(Buffer.byteLength(html)).toBeLessThan(REFERENCE_LIMITS.maxBytes)
  })

  it('loads no other resource', () => {
    // Its icon is an empty data: URL, so that the browser asks for no /favicon.ico.
    const urls = elements.flatMap((element) =>
      ['src', 'href', 'srcset', 'data', 'poster', 'action']
        .filter((name) => name in element.attribs)
        .map((name) => `<${element.name} ${name}="${element.attribs[name]}">`),
    )
    expect(urls).toEqual(['<link href="data:,">'])
    expect(named('script')).toEqual([])
    expect(named('style')).toEqual([])
    expect(html).not.toMatch(/url\(|@import/)
  })

  it('has one button that opens its one dialog from an inline handler', () => {
    expect(named('button')).toHaveLength(REFERENCE_LIMITS.buttons)
    expect(named('dialog')).toHaveLength(REFERENCE_LIMITS.dialogs)
    const dialog = named('dialog')[0]!
    expect(named('button')[0]!.attribs.onclick).toBe(
      `document.getElementById('${dialog.attribs.id}').showModal()`,
    )
  })

  it('names its dialog', () => {
    const dialog = named('dialog')[0]!
    const title = elements.find(
      (element) => element.attribs.id === dialog.attribs['aria-labelledby'],
    )
    expect(title && DomUtils.textContent(title).trim()).toBeTruthy()
  })
})
