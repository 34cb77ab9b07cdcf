declare module 'virtual:content' {
  import type { ComponentType } from 'react'
  type VirtualEntry = { id: string; file: string; data: unknown; Content?: ComponentType }
  /** The entries of this build: published ones, plus drafts in the dev server. */
  export const entries: Record<string, VirtualEntry[]>
  /** Drafts left out of this build (production), without their body. */
  export const omittedDrafts: Record<string, Omit<VirtualEntry, 'Content'>[]>
}

declare module 'virtual:illustrations' {
  /** The drawings of content/illustrations/, optimised, by file name without .svg. */
  const illustrations: Record<string, { body: string; width: number; height: number }>
  export default illustrations
}
