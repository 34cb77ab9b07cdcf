declare module 'virtual:content' {
  import type { ComponentType } from 'react'
  export const entries: Record<
    string,
    { id: string; file: string; data: unknown; Content?: ComponentType }[]
  >
}
