// The ids a page uses whatever its content: its frame's (the layout, its islands, the dialogs the
// header's buttons open) and the ids its frame links to (the head's render-blocking
// <link rel="expect" href="#…">, the skip link). Read off the frame as the site renders it
// (pages/page-shell.tsx through Vite's module runner), never listed, so an id the layout gains is
// reserved with no change here. Headings that would take one get the next free id
// (./heading-ids.ts); a section `id` that would is refused by the check (./content-checker.ts).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'
import { collections } from '../../content/schema/collections.ts'
import { cacheDir, fileCache, hashOf } from '../cache.ts'
import { readSource } from './source.ts'

/**
 * The project whose code renders the frame: this module's, which is the code that builds the
 * pages, whatever folder the content is read from.
 */
const CODE_ROOT = path.resolve(import.meta.dirname, '../..')
const SHELL = '/pages/page-shell.tsx'
const SITE_FILE = 'content/site.yaml'
const VIRTUAL_CONTENT = 'virtual:content'

/** A render's ids and the project files it read, each with its hash. */
interface StoredIds {
  dependencies: Record<string, string>
  ids: string[]
}

const byRoot = new Map<string, Promise<ReadonlySet<string>>>()

/**
 * The reserved ids of the site whose content is at `root`: rendered once per process, and kept
 * on disk while the files that render read are unchanged (a render costs seconds; the check,
 * the build and the dev server each need it).
 */
export function pageIds(root: string): Promise<ReadonlySet<string>> {
  let ids = byRoot.get(root)
  if (!ids) {
    ids = readPageIds(root)
    byRoot.set(root, ids)
  }
  return ids
}

/** Every id a rendered document holds or links to within itself, scripts' text aside. */
export function idsOfDocument(html: string): Set<string> {
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
  const ids = new Set<string>()
  for (const [, id] of markup.matchAll(/\sid="([^"]+)"/g)) ids.add(id!)
  for (const [, id] of markup.matchAll(/\shref="#([^"]+)"/g)) ids.add(id!)
  return ids
}

async function readPageIds(root: string): Promise<ReadonlySet<string>> {
  const siteText = await readFile(path.join(root, SITE_FILE), 'utf8').catch(() => undefined)
  const site =
    siteText === undefined
      ? undefined
      : collections.site.schema.safeParse(readSource(SITE_FILE, siteText).data)
  // No frame renders without the site; the check reports content/site.yaml's problems, and
  // nothing is built until they are fixed.
  if (!site?.success) return new Set()
  const lockfile = await readFile(path.join(CODE_ROOT, 'package-lock.json'), 'utf8').catch(() => '')
  const cache = fileCache<StoredIds>(cacheDir(CODE_ROOT, 'pageIds'), '.json')
  const key = hashOf(lockfile, siteText!)
  const stored = await cache.get(key)
  if (stored && (await unchanged(stored.dependencies))) return new Set(stored.ids)
  const { html, dependencies } = await renderShell(site.data)
  const ids = [...idsOfDocument(html)].sort()
  await cache.put(key, { dependencies: await hashesOf(dependencies), ids })
  return new Set(ids)
}

async function renderShell(site: unknown) {
  // The frame reads the site through `virtual:content`; given nothing else, it renders no
  // page, only itself.
  const content: Plugin = {
    name: 'page-shell-content',
    resolveId: (id) => (id === VIRTUAL_CONTENT ? `\0${VIRTUAL_CONTENT}` : undefined),
    load: (id) =>
      id === `\0${VIRTUAL_CONTENT}`
        ? `export const entries = { site: [${JSON.stringify({ id: 'site', file: SITE_FILE, data: site })}] }
export const omittedDrafts = {}
export const images = {}
export const problems = []`
        : undefined,
  }
  // Vite only on a render: a warm check or build never loads it here.
  const { runnerImport } = await import('vite')
  const { module, dependencies } = await runnerImport<{ renderPageShell(): string }>(SHELL, {
    configFile: false,
    root: CODE_ROOT,
    logLevel: 'error',
    plugins: [content],
  })
  return { html: module.renderPageShell(), dependencies }
}

/** The project's files among `files` (Vite's ids), each with the hash of its text. */
async function hashesOf(files: readonly string[]) {
  const own = files
    .filter((file) => !file.startsWith('\0'))
    .map((file) => path.relative(CODE_ROOT, file.split('?')[0]!))
    .filter((file) => !file.startsWith('..') && !file.split(path.sep).includes('node_modules'))
  const hashes: Record<string, string> = {}
  for (const file of [...new Set(own)].sort())
    hashes[file] = hashOf(await readFile(path.join(CODE_ROOT, file)).catch(() => ''))
  return hashes
}

async function unchanged(dependencies: Record<string, string>) {
  const current = await hashesOf(
    Object.keys(dependencies).map((file) => path.join(CODE_ROOT, file)),
  )
  return Object.entries(dependencies).every(([file, hash]) => current[file] === hash)
}
