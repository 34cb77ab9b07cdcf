// The collection API writers' schemas are declared with, in the spirit of Astro's
// defineCollection/reference: a folder (or one file) of entries, each checked by one Zod schema.
import { z } from 'zod'

export interface CollectionDefinition<S extends z.ZodType = z.ZodType> {
  /** Folder under content/ holding one entry per file, or a single file for a singleton. */
  source: string
  /** `data`: YAML files. `document`: MDX files whose frontmatter is the data and body the page. */
  type: 'data' | 'document'
  schema: S
  /** A singleton collection is one file (site.yaml); entries are looked up without an id. */
  singleton?: boolean
}

export function defineCollection<S extends z.ZodType>(
  definition: CollectionDefinition<S>,
): CollectionDefinition<S> {
  return definition
}

// Which entry ids exist, per collection, while a check runs. Ids come from file names, so they
// are all known before any entry is parsed, and a reference can be checked inside the schema.
let knownIds: ReadonlyMap<string, ReadonlySet<string>> = new Map()

export function withKnownIds<T>(ids: ReadonlyMap<string, ReadonlySet<string>>, run: () => T): T {
  const previous = knownIds
  knownIds = ids
  try {
    return run()
  } finally {
    knownIds = previous
  }
}

/** A field holding the id of an entry in another collection, e.g. `faq: reference('faqs')`. */
export function reference(collection: string) {
  return z
    .string()
    .min(1)
    .superRefine((id, ctx) => {
      const ids = knownIds.get(collection)
      if (!ids || ids.has(id)) return
      const known = [...ids].sort().join(', ')
      ctx.addIssue({
        code: 'custom',
        message: `there is no ${collection} entry "${id}" (content/${collection}/); known: ${known || 'none'}`,
      })
    })
    .meta({ description: `The id (file name without extension) of an entry in ${collection}.` })
}

/** A list whose items must differ in `key`; a repeat is reported at the repeated item. */
export function uniqueBy<T extends Record<string, unknown>>(key: keyof T & string) {
  return (items: T[], ctx: z.RefinementCtx<T[]>) => {
    const seen = new Map<unknown, number>()
    items.forEach((item, index) => {
      const value = item[key]
      const first = seen.get(value)
      if (first === undefined) seen.set(value, index)
      else
        ctx.addIssue({
          code: 'custom',
          path: [index, key],
          message: `duplicate ${key} "${String(value)}" (already used by item ${first + 1})`,
        })
    })
  }
}
