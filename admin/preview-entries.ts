// The entries the preview pane draws with: the one being edited, as typed, and the others it
// names (its FAQ set, its author, its tags), as the repository holds them. Each is read through
// its collection's own schema, so the components get the checked shape they get in the build
// (defaults filled in, text trimmed); references are not checked here, the save's check does.
import { svgViewBox } from '../content/schema/asset-folders.ts'
import { collections, type CollectionName } from '../content/schema/collections.ts'
import type { ContentLookup, LookupEntry } from '../site/content-lookup.ts'
import type { IllustrationData } from '../site/illustrations.ts'

/** An entry as Decap holds it: its file name and its fields (a document's MDX text in `body`). */
export interface FormEntry {
  slug: string
  data: Record<string, unknown>
}

/** A checked entry; a document's MDX text is kept beside its fields. */
export type PreviewEntry<C extends CollectionName = CollectionName> = LookupEntry<C> & {
  body?: string
  /** Document collections: the body's length in words, for the reading time. */
  words?: number
}

export type CheckedEntry<C extends CollectionName> =
  { ok: true; entry: PreviewEntry<C> } | { ok: false; problems: string[] }

/**
 * Empty values the form leaves where a writer cleared a field ("", null, an empty group): the
 * file would not have them, and the schema reads their absence as "not given".
 */
function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpty)
  if (!value || typeof value !== 'object') return value
  const kept = Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => [key, withoutEmpty(item)] as const)
    .filter(([, item]) => item !== '' && item !== null && item !== undefined)
    .filter(([, item]) => !isEmptyGroup(item))
  return Object.fromEntries(kept)
}

const isEmptyGroup = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 0

/** Reads a form entry with its collection's schema: the entry, or what is wrong with it. */
export function checkEntry<C extends CollectionName>(
  collection: C,
  { slug, data }: FormEntry,
): CheckedEntry<C> {
  const definition = collections[collection]
  const { body, ...fields } = data
  const parsed = definition.schema.safeParse(withoutEmpty(fields))
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || '(the entry)'}: ${issue.message}`,
      ),
    }
  const text = typeof body === 'string' ? body : undefined
  return {
    ok: true,
    entry: {
      id: slug,
      data: parsed.data as PreviewEntry<C>['data'],
      ...(definition.type === 'document'
        ? { body: text ?? '', words: text?.split(/\s+/).filter(Boolean).length ?? 0 }
        : {}),
    },
  }
}

/** The drawings of content/illustrations/, as the editor was built with them. */
const drawings = import.meta.glob<string>('../content/illustrations/*.svg', {
  query: '?raw',
  import: 'default',
  eager: true,
})

/**
 * An illustration field as the page inlines it: the drawing's shapes inside its <svg>, sized by
 * its viewBox. Not optimised as the build does (svgo): the same shapes, a longer text.
 */
export function illustrationOf(field: { file: string; alt?: string; decorative?: true }) {
  const text = drawings[`../content/illustrations/${field.file}.svg`]
  const size = text && svgViewBox(text)
  const body = text && /<svg\b[^>]*>([\s\S]*)<\/svg>/.exec(text)?.[1]
  if (!size || body === undefined)
    throw new Error(`content/illustrations/${field.file}.svg is not in this editor's build`)
  return { body, ...size, alt: field.decorative ? undefined : field.alt } satisfies IllustrationData
}

/**
 * A ContentLookup over the entries loaded from the repository, with `edited` (the entry in the
 * form) in place of its saved version, or added when it is new.
 */
export function previewContent(
  loaded: ReadonlyMap<CollectionName, readonly PreviewEntry[]>,
  edited?: { collection: CollectionName; entry: PreviewEntry },
): ContentLookup & { getCollection<C extends CollectionName>(name: C): PreviewEntry<C>[] } {
  const getCollection = <C extends CollectionName>(name: C) => {
    const saved = (loaded.get(name) ?? []) as PreviewEntry<C>[]
    if (edited?.collection !== name) return saved
    const entry = edited.entry as PreviewEntry<C>
    return saved.some((candidate) => candidate.id === entry.id)
      ? saved.map((candidate) => (candidate.id === entry.id ? entry : candidate))
      : [...saved, entry]
  }
  return {
    getCollection,
    getEntry<C extends CollectionName>(name: C, id: string) {
      const entry = getCollection(name).find((candidate) => candidate.id === id)
      if (!entry) throw new Error(`there is no ${name} entry "${id}" in the repository`)
      return entry
    },
    illustrationOf,
  }
}
