import { createContext, useContext, type ReactNode } from 'react'
import type { EntryData } from '../content/schema/collections.ts'

type Site = EntryData<'site'>

// Company facts reach server components through context rather than imports, so a component
// still only renders what it is given.
const SiteContext = createContext<Site | null>(null)

export function SiteProvider({ site, children }: { site: Site; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>
}

export function useSite(): Site {
  const site = useContext(SiteContext)
  if (!site) throw new Error('useSite() is for components rendered inside <SiteProvider>')
  return site
}
