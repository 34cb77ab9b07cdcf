// The typed door to content for pages and the renderer (server only): entries arrive already
// checked against content/config.ts, so a page can trust every field it reads.
import type { ComponentType } from 'react'
import { entries } from 'virtual:content'
import type { CollectionName, EntryData } from './config.ts'

export interface Entry<C extends CollectionName> {
  id: string
  file: string
  data: EntryData<C>
  /** The MDX body, for document collections. */
  Content?: ComponentType
}

export function getCollection<C extends CollectionName>(name: C): Entry<C>[] {
  return (entries[name] ?? []) as Entry<C>[]
}

export function getEntry<C extends CollectionName>(name: C, id: string): Entry<C> {
  const entry = getCollection(name).find((candidate) => candidate.id === id)
  if (!entry) throw new Error(`content/${name}: no entry "${id}"`)
  return entry
}

export function getSite(): EntryData<'site'> {
  return getEntry('site', 'site').data
}

export type { Action, Link, Section } from './config.ts'
