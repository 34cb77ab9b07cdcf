// Zod's default messages are written for developers ("Invalid input: expected string, received
// undefined"). These are the same facts written for a writer editing YAML in a pull request.
import type { z } from 'zod'

type Issue = z.core.$ZodRawIssue

/** A required field the file leaves out: said as such, whatever the field's own rule says. */
export const MISSING_MESSAGE = 'is required but missing'

/** A link inside the site to an address no page has, with the nearest one that does. */
export function brokenLinkMessage(target: string, routes: Iterable<string>): string {
  const suggestion = closest(target, [...routes])
  return `link to ${target}, which is not a page of this site${suggestion ? `; did you mean ${suggestion}?` : ''}`
}

export function writerMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return MISSING_MESSAGE
      return `must be ${article(issue.expected)}, but is ${describeValue(issue.input)}`
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'must not be empty'
      if (issue.origin === 'string') return `must be at least ${issue.minimum} characters long`
      if (issue.origin === 'array')
        return `needs at least ${issue.minimum} item${Number(issue.minimum) === 1 ? '' : 's'}`
      return `must be at least ${issue.minimum}`
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters long`
      if (issue.origin === 'array') return `has more than ${issue.maximum} items`
      return `must be at most ${issue.maximum}`
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`
    case 'invalid_format':
      if (issue.format === 'url') return 'must be a full URL starting with https://'
      if (issue.format === 'email') return 'must be an e-mail address'
      if (issue.format === 'regex') return undefined // the schema's own message explains the pattern
      return `must be a valid ${issue.format}`
    default:
      return undefined
  }
}

function article(expected: string): string {
  const names: Record<string, string> = {
    string: 'text',
    number: 'a number',
    boolean: 'true or false',
    array: 'a list',
    object: 'a block of fields',
    date: 'a date',
  }
  return names[expected] ?? `a ${expected}`
}

function describeValue(value: unknown): string {
  if (value === null) return 'empty'
  if (Array.isArray(value)) return 'a list'
  if (value instanceof Date) return 'a date'
  if (typeof value === 'object') return 'a block of fields'
  if (typeof value === 'string') return 'text'
  if (typeof value === 'boolean') return `${value}`
  return `${typeof value} ${JSON.stringify(value)}`
}

/** The closest known field name, for "unknown field "titel"; did you mean "title"?" */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase())
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance]
  }
  return best
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    previous = current
  }
  return previous[b.length]!
}
