// A word diff as a reviewer reads it: for each run of nearby changes, the sentence around it as
// it read before and as it reads after, spaces and punctuation kept, the changed words marked
// (~~removed~~ in the before line, **added** in the after line). Built from the two whole texts
// the diff's pieces add up to, so no space between a changed word and the next is ever lost.
import type { WordChange } from './page-changes.ts'

/** Words of context kept on each side of a change when its sentence is longer. */
const MAX_CONTEXT_WORDS = 20
/** Unchanged words between two changes of one sentence that still show them together. */
const BRIDGE_WORDS = 6
/** A line with fewer words is shown with the line above it. */
const SHORT_LINE_WORDS = 5

interface Span {
  start: number
  end: number
}

/** One run of nearby changes: where it sits in the text before and in the text after. */
export interface Hunk {
  before: Span
  after: Span
  /** The removed and the added words, whitespace collapsed (empty when none). */
  removed: string
  added: string
}

export interface TextDiff {
  before: string
  after: string
  /** The changed stretches of `before` (removed) and of `after` (added). */
  removedSpans: Span[]
  addedSpans: Span[]
  hunks: Hunk[]
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The two texts a diff joins, the changed stretches of each, and the runs of nearby changes. */
export function textDiff(words: WordChange[]): TextDiff {
  let before = ''
  let after = ''
  const removedSpans: Span[] = []
  const addedSpans: Span[] = []
  const hunks: Hunk[] = []
  let open: Hunk | undefined
  // A hunk starts where both texts stand when its first changed word comes.
  const startHunk = (): Hunk => ({
    before: { start: before.length, end: before.length },
    after: { start: after.length, end: after.length },
    removed: '',
    added: '',
  })
  for (const word of words) {
    if (word.removed) {
      removedSpans.push({ start: before.length, end: before.length + word.value.length })
      open ??= startHunk()
      before += word.value
      open.before.end = before.length
      open.removed += word.value
    } else if (word.added) {
      addedSpans.push({ start: after.length, end: after.length + word.value.length })
      open ??= startHunk()
      after += word.value
      open.after.end = after.length
      open.added += word.value
    } else {
      before += word.value
      after += word.value
      // A short stretch inside one line keeps the changes on both sides of it together.
      const bridges =
        !word.value.includes('\n') &&
        word.value.trim().split(/\s+/).length <= BRIDGE_WORDS &&
        !/[.!?]\s/.test(word.value)
      if (open && !bridges) {
        hunks.push(open)
        open = undefined
      } else if (open) {
        open.removed += word.value
        open.added += word.value
      }
    }
  }
  if (open) hunks.push(open)
  for (const hunk of hunks) {
    // Bridged unchanged words were appended to both; changes are the marked spans, the
    // removed/added strings only name them for grouping, so trim what both sides share.
    hunk.removed = collapse(textIn(before, hunk.before))
    hunk.added = collapse(textIn(after, hunk.after))
  }
  return { before, after, removedSpans, addedSpans, hunks }
}

const textIn = (text: string, span: Span) => text.slice(span.start, span.end)

/** Where the sentence holding `span` starts and ends: a line break or ". " on each side. */
function sentenceAround(text: string, span: Span): Span {
  let start = span.start
  let words = 0
  while (start > 0) {
    const char = text[start - 1]!
    if (char === '\n') break
    if (/[.!?]/.test(char) && /\s/.test(text[start] ?? '') && start < span.start) break
    if (/\s/.test(char) && !/\s/.test(text[start] ?? ' ') && ++words > MAX_CONTEXT_WORDS) break
    start--
  }
  let end = span.end
  words = 0
  while (end < text.length) {
    const char = text[end]!
    if (char === '\n') break
    if (/[.!?]/.test(char) && /\s|$/.test(text[end + 1] ?? '')) {
      end++
      break
    }
    if (/\s/.test(char) && !/\s/.test(text[end - 1] ?? ' ') && ++words > MAX_CONTEXT_WORDS) break
    end++
  }
  return { start, end }
}

/** Lines held around a change in ReadableChange's near texts. */
const NEAR_LINES = 5

/** The span from NEAR_LINES lines above `span` to NEAR_LINES lines below it. */
function linesAround(text: string, span: Span): Span {
  let start = span.start
  for (let lines = 0; start > 0; start--)
    if (text[start - 1] === '\n' && ++lines > NEAR_LINES) break
  let end = span.end
  for (let lines = 0; end < text.length; end++)
    if (text[end] === '\n' && ++lines > NEAR_LINES) break
  return { start, end }
}

/** Characters that would start emphasis, code, a link or an HTML tag in running text. */
export const escapeMarkdown = (text: string) => text.replace(/[\\`*_~[\]<>|]/g, '\\$&')

/** Block boundaries inside a shown stretch, on one line. */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' / ')

/** `text[window]` with `spans` marked by `marker`, the marks hugging the words (not spaces). */
function marked(text: string, window: Span, spans: Span[], marker: string): string {
  let out = ''
  let at = window.start
  for (const span of spans) {
    const start = Math.max(span.start, window.start)
    const end = Math.min(span.end, window.end)
    if (end <= start) continue
    out += escapeMarkdown(oneLine(text.slice(at, start)))
    const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(
      text.slice(start, end),
    )!
    out += oneLine(lead) + (core ? `${marker}${escapeMarkdown(oneLine(core))}${marker}` : '')
    out += oneLine(trail)
    at = end
  }
  out += escapeMarkdown(oneLine(text.slice(at, window.end)))
  const cutBefore =
    window.start > 0 && !/(^|[.!?\n])\s*$/.test(text.slice(0, window.start)) ? '…' : ''
  const cutAfter =
    window.end < text.length && text[window.end] !== '\n' && !/[.!?]$/.test(out) ? '…' : ''
  return `${cutBefore}${out.trim().replace(/ {2,}/g, ' ')}${cutAfter}`
}

export interface ReadableChange {
  /** The sentence before, removed words marked ~~so~~; undefined for pure additions to empty. */
  before: string
  /** The sentence after, added words marked **so**. */
  after: string
  /** The plain sentences (lines joined by a space), for finding the change on the page. */
  plainBefore: string
  plainAfter: string
  /**
   * A few lines around the change, before and after, plain: enough to hold the title of the
   * card a changed date or description belongs to.
   */
  nearBefore: string
  nearAfter: string
  hunk: Hunk
}

/** Each run of nearby changes as its sentence before and after, Markdown-marked. */
export function readableChanges(words: WordChange[]): ReadableChange[] {
  const diff = textDiff(words)
  return diff.hunks.map((hunk) => {
    const beforeWindow = sentenceAround(diff.before, hunk.before)
    const afterWindow = sentenceAround(diff.after, hunk.after)
    // A change at the start of a line (a line added or removed), or on a line too short to say
    // what it is about (a price), reads with the line above it (the plan's name).
    for (const [text, span, window] of [
      [diff.before, hunk.before, beforeWindow],
      [diff.after, hunk.after, afterWindow],
    ] as const)
      if (
        window.start > 0 &&
        (!text.slice(window.start, span.start).trim() ||
          text.slice(window.start, window.end).split(/\s+/).length < SHORT_LINE_WORDS)
      )
        window.start = sentenceAround(text, {
          start: window.start - 1,
          end: window.start - 1,
        }).start
    return {
      before: marked(diff.before, beforeWindow, diff.removedSpans, '~~'),
      after: marked(diff.after, afterWindow, diff.addedSpans, '**'),
      plainBefore: collapse(textIn(diff.before, beforeWindow)),
      plainAfter: collapse(textIn(diff.after, afterWindow)),
      nearBefore: collapse(textIn(diff.before, linesAround(diff.before, hunk.before))),
      nearAfter: collapse(textIn(diff.after, linesAround(diff.after, hunk.after))),
      hunk,
    }
  })
}

/** A readable change as one list item of two lines, before and after. */
export function renderReadableChange(change: ReadableChange): string {
  // A backslash at a line's end is a hard line break in GitHub's Markdown.
  return `- Before: ${change.before || '(nothing)'}\\\n  After: ${change.after || '(nothing)'}`
}
