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

/** The `draft` switch every entry of a multi-entry collection accepts. */
const draftField = z
  .boolean()
  .optional()
  .describe(
    'Set to true while the entry is being written: it shows in `npm run dev` but is left out of the published site, its sitemap and its navigation. Delete the line to publish.',
  )

type WithDraft<S> =
  S extends z.ZodObject<infer Shape, infer Config>
    ? z.ZodObject<Shape & { draft: typeof draftField }, Config>
    : S

/**
 * Declares a collection. Every entry of a folder collection may say `draft: true` (see
 * site/drafts.ts), so the field is added here once rather than in each schema.
 */
export function defineCollection<S extends z.ZodType>(
  definition: CollectionDefinition<S>,
): CollectionDefinition<WithDraft<S>> {
  const { schema } = definition
  if (definition.singleton || !(schema instanceof z.ZodObject)) {
    return definition as CollectionDefinition<WithDraft<S>>
  }
  return { ...definition, schema: schema.extend({ draft: draftField }) as WithDraft<S> }
}

// Which entry ids exist, per collection, while a check runs. Ids come from file names, so they
// are all known before any entry is parsed, and a reference can be checked inside the schema.
export interface ReferenceContext {
  ids: ReadonlyMap<string, ReadonlySet<string>>
  /** Drafts left out of this build, per collection; a published entry must not point at one. */
  omittedDrafts: ReadonlyMap<string, ReadonlySet<string>>
  /** Whether the entry being checked is itself a left-out draft (it may point at drafts). */
  checkingDraft: boolean
  /** The items of list collections (`items:` in their files), by id or by the slug of their name. */
  items?: ReadonlyMap<string, ReadonlySet<string>>
}

let context: ReferenceContext = { ids: new Map(), omittedDrafts: new Map(), checkingDraft: false }

export function withReferenceContext<T>(next: ReferenceContext, run: () => T): T {
  const previous = context
  context = next
  try {
    return run()
  } finally {
    context = previous
  }
}

/**
 * The JSON Schema keyword naming the collection(s) a reference field points into; a custom
 * keyword, which editors and validators ignore, so the editing UI can offer a picker.
 */
export const REFERENCE_KEY = 'x-reference'
/** Appended to a collection's name there when the reference names an item of its list files. */
export const ITEMS_SUFFIX = '.items'

/** A field holding the id of an entry in another collection, e.g. `faq: reference('faqs')`. */
export function reference(collection: string) {
  return z
    .string()
    .min(1)
    .superRefine((id, ctx) => {
      const ids = context.ids.get(collection)
      if (!ids) return
      if (!ids.has(id)) {
        const known = [...ids].sort().join(', ')
        ctx.addIssue({
          code: 'custom',
          message: `there is no ${collection} entry "${id}" (content/${collection}/); known: ${known || 'none'}`,
        })
      } else if (!context.checkingDraft && context.omittedDrafts.get(collection)?.has(id)) {
        ctx.addIssue({
          code: 'custom',
          message: `the ${collection} entry "${id}" is a draft (draft: true), so it is left out of the published site; publish it or point to a published entry`,
        })
      }
    })
    .meta({
      description: `The id (file name without extension) of an entry in ${collection}.`,
      // Which collection the id belongs to, for the editing UI's picker (builder/admin/).
      [REFERENCE_KEY]: collection,
    })
}

/**
 * A field naming one item of a list collection (a person in content/leaders/ or
 * content/interviewers/): its `id`, or its name in lowercase words joined by hyphens.
 */
export function listItemReference(collections: string[], description: string) {
  return z
    .string()
    .min(1)
    .superRefine((id, ctx) => {
      if (!context.items) return
      const known = collections.flatMap((name) => [...(context.items!.get(name) ?? [])])
      if (!known.includes(id))
        ctx.addIssue({
          code: 'custom',
          message: `there is no item "${id}" in ${collections.map((name) => `content/${name}/`).join(' or ')}; known: ${known.sort().join(', ') || 'none'}`,
        })
    })
    .meta({ description, [REFERENCE_KEY]: collections.map((name) => `${name}${ITEMS_SUFFIX}`) })
}

/** The key a list item is referred to by: its id, else its name as a slug. */
export function listItemKey(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined
  const { id, name } = item as { id?: unknown; name?: unknown }
  if (typeof id === 'string') return id
  if (typeof name === 'string')
    return name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
  return undefined
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
