declare module 'virtual:content' {
  import type { ComponentType } from 'react'
  type VirtualEntry = { id: string; file: string; data: unknown; Content?: ComponentType }
  /** The entries of this build: published ones, plus drafts in the dev server. */
  export const entries: Record<string, VirtualEntry[]>
  /** Drafts left out of this build (production), without their body. */
  export const omittedDrafts: Record<string, Omit<VirtualEntry, 'Content'>[]>
}
