// The door to the drawings of content/illustrations/ (server only, like ./content.ts): a checked
// `illustration` field (content/schema/fields.ts) becomes what the page inlines.
import illustrations from 'virtual:illustrations'
import type { z } from 'zod'
import type { illustration } from '../content/schema/fields.ts'

export interface IllustrationData {
  /** The drawing's shapes, optimised, to inline inside an <svg> of the given size. */
  body: string
  width: number
  height: number
  /** What it shows; absent for a decorative drawing. */
  alt?: string
}

export function illustrationOf(field: z.output<typeof illustration>): IllustrationData {
  const drawing = illustrations[field.file]
  // The content check has already refused a missing file; this guards a stale build only.
  if (!drawing) throw new Error(`content/illustrations/${field.file}.svg is missing`)
  return { ...drawing, alt: field.decorative ? undefined : field.alt }
}
