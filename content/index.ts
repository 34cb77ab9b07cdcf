// The typed door to content for pages and the renderer (server only): entries arrive already
// checked against content/config.ts, so a page can trust every field it reads.
import type { ComponentType } from 'react'
import { entries, omittedDrafts } from 'virtual:content'
import type { CollectionName, EntryData } from './config.ts'
import { buildRouteTable, routePath, type RouteEntry, type RoutedCollection } from './routes.ts'

export interface Entry<C extends CollectionName> {
  id: string
  file: string
  data: EntryData<C>
  /** The MDX body, for document collections. */
  Content?: ComponentType
}

/**
 * The entries of this build. The production build has no drafts; the dev server includes them
 * so writers can preview them. The sitemap is written by the build alone, so it never lists one.
 */
export function getCollection<C extends CollectionName>(name: C): Entry<C>[] {
  return (entries[name] ?? []) as Entry<C>[]
}

/** Drafts left out of this build (empty in the dev server): links to them must go too. */
function getOmittedDrafts<C extends CollectionName>(name: C): Omit<Entry<C>, 'Content'>[] {
  return (omittedDrafts[name] ?? []) as Omit<Entry<C>, 'Content'>[]
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
export type { RouteEntry, RoutedCollection } from './routes.ts'

/** Every route of the built site (in the dev server, drafts' routes too). */
export function listRoutes(): RouteEntry[] {
  return buildRouteTable(getCollection)
}

/** The addresses of one routed collection's entries: what its pages/ folder prerenders. */
export function routePaths(collection: RoutedCollection): string[] {
  return listRoutes()
    .filter((route) => route.collection === collection)
    .map((route) => route.path)
}

/** The address of an entry of a routed collection, e.g. an industry's page. */
export function pathOf(collection: RoutedCollection, id: string): string {
  return routePath(collection, getEntry(collection, id))
}

/** Addresses of drafts left out of this build, so the navigation drops links to them. */
export function listOmittedDraftPaths(): Set<string> {
  return new Set(buildRouteTable(getOmittedDrafts).map((route) => route.path))
}
