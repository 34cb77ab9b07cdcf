// The lines of a test group's output that say why it failed: what the tools print for a failure
// (Vitest's FAIL and ×, Playwright's ✘ and numbered failures, the project's own ✗ lines, errors
// and time-outs), then the group's last lines, which hold its counts. Colours removed, repeats
// and npm's own epilogue dropped, and the whole capped, so that a summary of four failed groups
// still fits at the end of a log.
import { stripVTControlCharacters } from 'node:util'

const SAYS_WHY =
  /(\bFAIL\b|[✗×✘]|^\s*\d+\) |\bfailed\b|\bError\b|\bERROR\b|over budget|\bbroken\b|timed? ?out|Timeout|exceeded)/i
// A passing test's line, whose name may hold the words above ("on a 500: the spec's Error toast").
const PASSED = /^\s*(\[[^\]]*\]\s*)*[✓√]/
// npm repeats the exit code in four lines of its own after every failed script.
const NPM_EPILOGUE =
  /^npm (error|ERR!) (Lifecycle|command|path|workspace|location|code|A complete log)/

export function failureLines(output: string, limit = 30, tail = 8): string[] {
  const lines = stripVTControlCharacters(output)
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() && !NPM_EPILOGUE.test(line.trim()))
  const shorten = (line: string) => (line.length > 240 ? `${line.slice(0, 239)}…` : line)
  const last = lines.slice(-tail)
  const seen = new Set(last)
  const why: string[] = []
  for (const line of lines.slice(0, -tail)) {
    if (!SAYS_WHY.test(line) || PASSED.test(line) || seen.has(line)) continue
    seen.add(line)
    why.push(line)
  }
  const room = Math.max(limit - last.length, 0)
  const shown =
    why.length > room
      ? [...why.slice(0, room - 1), `… ${why.length - room + 1} more such lines above`]
      : why
  return [...shown, ...(shown.length ? ['…'] : []), ...last].map(shorten)
}
