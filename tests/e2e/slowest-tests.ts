// A reporter that prints the ten slowest tests when the run ends. Playwright's own report of slow
// test files (reportSlowTests) leaves out files whose tests run in parallel, which with
// fullyParallel is every file: this one names the tests, the unit a time limit applies to.
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'

const SHOWN = 10

export default class SlowestTests implements Reporter {
  private readonly durations: { title: string; ms: number }[] = []

  onTestEnd(test: TestCase, result: TestResult) {
    const title = test.titlePath().filter(Boolean).slice(1).join(' › ')
    this.durations.push({ title, ms: result.duration })
  }

  onEnd() {
    const slowest = this.durations.sort((a, b) => b.ms - a.ms).slice(0, SHOWN)
    if (!slowest.length) return
    console.log(`\n  The ${slowest.length} slowest tests:`)
    for (const { title, ms } of slowest)
      console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${title}`)
  }

  printsToStdio() {
    return true
  }
}
