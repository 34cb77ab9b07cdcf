// What a section type is made of: the schema that checks it (content/schema/sections/), an
// optional resolver that joins the entries it references in other collections, the component
// that renders it, and optionally what it adds to the page's head (structured data).
import type { ComponentType } from 'react'
import type { z } from 'zod'
import type { SectionOf, SectionType } from '../../content/schema/collections.ts'
import type { ContentLookup } from '../../site/content-lookup.ts'
import type { PageMeta } from '../layout/page-meta.ts'

/** What a section contributes to its page's structured data. */
export type SectionMeta = Pick<PageMeta, 'faq' | 'pricing'>

export interface SectionDefinition<S extends z.ZodType<{ type: SectionType }>, P> {
  schema: S
  /**
   * Turns the checked section into the component's props, joining what it names from `content`:
   * the build's checked content, or in the editor's preview the entries loaded from the repository.
   */
  resolve?: (section: z.output<S>, content: ContentLookup) => P
  /** Every section but the page's first gets a unique `headingId` to label itself with. */
  Component: ComponentType<P & { headingId: string }>
  meta?: (props: P) => SectionMeta
}

/** Declares a section type; the props default to the checked section itself. */
export function defineSection<S extends z.ZodType<{ type: SectionType }>, P = z.output<S>>(
  definition: SectionDefinition<S, P>,
) {
  return definition
}

/**
 * The registry's shape: one entry per section type of the schema union, its schema that type's.
 * A type in content/schema/sections/index.ts without an entry here fails to compile.
 */
export type SectionRegistry = {
  [T in SectionType]: { schema: z.ZodType<SectionOf<T>> }
}
