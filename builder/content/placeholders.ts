// Placeholders: `npm run new` fills every required field with "TODO: …" so a new entry has the
// right shape at once, and the content check points at each one until a writer replaces it.
import type { FieldPath, Position } from './position.ts'

export const PLACEHOLDER_MARKER = 'TODO:'

export interface Placeholder {
  /** The field holding the placeholder, or undefined for one in an MDX body. */
  fieldPath?: FieldPath
  position: Position
}

/** The writer sees the placeholder itself at the reported line and column. */
export const PLACEHOLDER_MESSAGE = `replace the placeholder "${PLACEHOLDER_MARKER} …" with the real text`

/** Placeholders in an MDX/Markdown body, whose first line is `firstLine` of the file. */
export function bodyPlaceholders(body: string, firstLine: number): Placeholder[] {
  const found: Placeholder[] = []
  body.split('\n').forEach((line, index) => {
    const column = line.indexOf(PLACEHOLDER_MARKER)
    if (column === -1) return
    found.push({ position: { line: firstLine + index, column: column + 1 } })
  })
  return found
}
