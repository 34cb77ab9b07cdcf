import { describe, expect, it } from 'vitest'
import { failureLines } from '../../harness/failure-lines.ts'

const budgets = `> interview-partner-site@0.1.0 test:budgets
Chromium: using /usr/bin/chromium
| page | JS |
| /about | 5.4 KB |
${Array.from({ length: 40 }, (_, index) => `| /industries/page-${index} | 5.4 KB |`).join('\n')}

Over budget:
  ✗ /404.html at phone size: 91.2 KB of JavaScript fetched before any interaction, in 9 files (budget 90.0 KB)
npm error Lifecycle script \`test:budgets\` failed with error:
npm error code 1
npm error path /tmp/x
npm error command failed
npm error command sh -c tsx measure/page-weight.ts
ERROR: "test:budgets" exited with 1.`

const vitest = `\x1b[32m✓\x1b[39m tests/unit/a.test.ts (3 tests) 20ms
\x1b[31m×\x1b[39m tests/unit/b.test.ts > keeps a lead > after a power cut 60012ms
   → Test timed out in 60000ms.
 FAIL  tests/unit/b.test.ts > keeps a lead > after a power cut
Error: Test timed out in 60000ms.
 FAIL  tests/unit/b.test.ts > keeps a lead > after a power cut
${Array.from({ length: 30 }, () => 'stack line').join('\n')}
 Test Files  1 failed | 1 passed (2)
      Tests  1 failed | 3 passed (4)`

describe('the lines that say why a group failed', () => {
  it('are the over-budget line and the last lines, not the table above them', () => {
    const lines = failureLines(budgets)
    expect(lines).toContain(
      '  ✗ /404.html at phone size: 91.2 KB of JavaScript fetched before any interaction, in 9 files (budget 90.0 KB)',
    )
    expect(lines.at(-1)).toBe('ERROR: "test:budgets" exited with 1.')
    expect(lines.some((line) => line.includes('/industries/page-1 '))).toBe(false)
    expect(lines.some((line) => line.startsWith('npm error'))).toBe(false)
  })

  it('are without colours, each once, with the counts at the end', () => {
    const lines = failureLines(vitest)
    expect(lines.join('\n')).not.toContain('\x1b')
    expect(lines).toContain('× tests/unit/b.test.ts > keeps a lead > after a power cut 60012ms')
    expect(lines.filter((line) => line.includes('FAIL  tests/unit/b.test.ts'))).toHaveLength(1)
    expect(lines.at(-1)).toBe('      Tests  1 failed | 3 passed (4)')
    expect(lines).not.toContain('✓ tests/unit/a.test.ts (3 tests) 20ms')
  })

  it('leave out passing tests, even when their names hold the words of a failure', () => {
    const playwright = [
      `  ✓  214 [desktop] › contact-form.spec.ts:111:3 › on a 500: the spec's "Error" toast (5.4s)`,
      `  ✘  305 [desktop] › leads.spec.ts:12:1 › a message is stored (11.7s)`,
      '    Error: Timeout 5000ms exceeded while waiting on the predicate',
      ...Array.from({ length: 8 }, (_, index) => `  slow test ${index}`),
    ].join('\n')
    const lines = failureLines(playwright)
    expect(lines).toContain('  ✘  305 [desktop] › leads.spec.ts:12:1 › a message is stored (11.7s)')
    expect(lines).toContain('    Error: Timeout 5000ms exceeded while waiting on the predicate')
    expect(lines.some((line) => line.includes('contact-form.spec.ts'))).toBe(false)
  })

  it('are capped, saying how many more there were', () => {
    const many = Array.from({ length: 100 }, (_, index) => `Error: number ${index}`).join('\n')
    const lines = failureLines(many, 30, 8)
    expect(lines).toHaveLength(31)
    expect(lines).toContain('… 71 more such lines above')
    expect(lines.at(-1)).toBe('Error: number 99')
  })
})
