import { parseDocument, DomUtils } from 'htmlparser2'
import { describe, expect, it } from 'vitest'
import { cspHash } from '../../../../builder/outputs/inline-sources.ts'
import { headerRules, securityHeadersOf } from '../../../../server/headers.ts'
import {
  inlineHandlers,
  REFERENCE_LIMITS,
  readReferencePage,
  referenceHeaders,
} from '../../../../measure/lib/reference-page.ts'

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

// The reference is served as a page of the site: the same headers, so that what they cost at
// load (a browsing context group of its own, for Cross-Origin-Opener-Policy) is in the floor too.
describe('the headers the bench serves the reference page with', () => {
  const rules = headerRules(
    { schedulerUrl: 'https://cal.com/panelwise/intro', scriptHashes: ["'sha256-abc='"] },
    ['/about'],
  )
  const site = securityHeadersOf(rules)
  const reference = referenceHeaders(rules)
  const directives = (policy = '') => policy.split('; ')

  it("are the site's security headers, its policy aside", () => {
    expect(site['Cross-Origin-Opener-Policy']).toBe('same-origin')
    const { 'Content-Security-Policy': _policy, ...others } = reference
    const { 'Content-Security-Policy': _sitePolicy, ...siteOthers } = site
    expect(others).toEqual(siteOthers)
  })

  it("allow the page's one handler by hash in the site's policy, and nothing more", () => {
    const [handler] = inlineHandlers(readReferencePage())
    expect(handler).toContain('showModal()')
    const scriptSrc = (policy?: string) =>
      directives(policy).find((directive) => directive.startsWith('script-src '))
    expect(scriptSrc(reference['Content-Security-Policy'])).toBe(
      `${scriptSrc(site['Content-Security-Policy'])} 'unsafe-hashes' ${cspHash(handler!)}`,
    )
    const others = (policy?: string) =>
      directives(policy).filter((directive) => !directive.startsWith('script-src '))
    expect(others(reference['Content-Security-Policy'])).toEqual(
      others(site['Content-Security-Policy']),
    )
  })
})
