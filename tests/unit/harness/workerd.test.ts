// npm test's hosts step reads Wrangler's own account of the rule files: a rule it did not apply
// fails the step (tests/harness/workerd.ts). Its lines here as Wrangler 4 prints them.
import { describe, expect, it } from 'vitest'
import { wranglerProblems } from '../../harness/workerd.ts'

const rules = (count: number) =>
  Array.from({ length: count }, (_, index) => `/p${index}/* /?from=/p${index}/:splat 302`).join(
    '\n',
  )
const files = (redirects: number) => ({
  _redirects: `# generated\n${rules(redirects)}\n`,
  _headers: '/*\n  X-Frame-Options: DENY\n\n/assets/*\n  Cache-Control: immutable\n',
})
const ready = '[wrangler:info] Ready on http://127.0.0.1:8787'

describe("Wrangler's account of _redirects and _headers", () => {
  it('passes when it read every rule and said nothing else of them', () => {
    const output = `[wrangler:info] ✨ Parsed 3 valid redirect rules.\n[wrangler:info] ✨ Parsed 2 valid header rules.\n${ready}`
    expect(wranglerProblems(output, 'dist/client', files(3))).toEqual([])
  })

  it('fails when it skipped rules past its limit', () => {
    const output = [
      '[wrangler:info] ✨ Parsed 100 valid redirect rules.',
      '[wrangler:info] Maximum number of dynamic rules supported is 100. Skipping remaining 2 lines of file.',
      '[wrangler:info] ✨ Parsed 2 valid header rules.',
      ready,
    ].join('\n')
    expect(wranglerProblems(output, 'dist/client', files(102))).toEqual([
      'Wrangler read 100 redirect rules of the 102 in dist/client/_redirects',
      'Wrangler: [wrangler:info] Maximum number of dynamic rules supported is 100. Skipping remaining 2 lines of file.',
    ])
  })

  it('fails on a rule it calls misplaced, and when it read no header file', () => {
    const output = [
      '[wrangler:info] ✨ Parsed 3 valid redirect rules.',
      '[wrangler:info] The redirect rule /s → 302 /?redirected_from=/s could be made more performant by bringing it above any lines with splats or placeholders.',
      ready,
    ].join('\n')
    expect(wranglerProblems(output, 'dist/client', files(3))).toEqual([
      'Wrangler did not say it read the 2 header rules of dist/client/_headers',
      'Wrangler: [wrangler:info] The redirect rule /s → 302 /?redirected_from=/s could be made more performant by bringing it above any lines with splats or placeholders.',
    ])
  })
})
