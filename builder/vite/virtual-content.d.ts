declare module 'virtual:content' {
  import type { ComponentType } from 'react'
  import type { Heading } from '../content/mdx-body.ts'
  import type { ResponsiveImage } from '../content/images.ts'
  type VirtualEntry = {
    id: string
    file: string
    data: unknown
    /** Document collections: the body's headings, its length in words and the body itself. */
    headings?: Heading[]
    words?: number
    Content?: ComponentType<{ components?: Record<string, unknown> }>
  }
  /** The entries of this build: published ones, plus drafts in the dev server. */
  export const entries: Record<string, VirtualEntry[]>
  /** Drafts left out of this build (production), without their body. */
  export const omittedDrafts: Record<string, Omit<VirtualEntry, 'Content'>[]>
  /** The responsive variants of every picture content shows, by source file. */
  export const images: Record<string, ResponsiveImage>
  /**
   * The dev server's entries set aside for a problem in their file, each with its problems
   * (always empty in the build, which stops at the first problem instead).
   */
  export const problems: import('./content-plugin.ts').EntryProblems[]
}

declare module 'virtual:illustrations' {
  /** The drawings of content/illustrations/, optimised, by file name without .svg. */
  const illustrations: Record<string, { body: string; width: number; height: number }>
  export default illustrations
}
