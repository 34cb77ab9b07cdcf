// The ids each reference picker of the editor offers, read from the content folder: by the dev
// server each time the form opens (../vite/admin-plugin.ts), and by the build for the live
// editor's config.json (./editor-build.ts), where they are the entries of that build.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { ITEMS_SUFFIX, listItemKey } from '../../content/schema/collection.ts'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { assetFolders } from '../../content/schema/asset-folders.ts'
import { readSource } from '../content/source.ts'
import type { ReferenceChoices } from './decap-config.ts'

/**
 * The ids each reference picker offers: every collection's entries, every asset folder's files
 * and every list file's items (for `author:`), read from disk each time the form opens.
 */
export async function referenceChoices(
  root: string,
  collections: Record<string, CollectionDefinition>,
): Promise<ReferenceChoices> {
  const choices: Record<string, string[]> = {}
  const content = path.join(root, 'content')
  const names = async (folder: string, extensions: readonly string[]) =>
    (await readdir(path.join(content, folder)).catch(() => []))
      .filter((name) => extensions.includes(path.extname(name)))
      .map((name) => path.basename(name, path.extname(name)))
      .sort()
  for (const [name, definition] of Object.entries(collections)) {
    if (definition.singleton) continue
    const extensions = definition.type === 'data' ? ['.yaml', '.yml'] : ['.mdx', '.md']
    choices[name] = await names(definition.source, extensions)
    if (definition.type !== 'data') continue
    const items = []
    for (const id of choices[name]) {
      const file = path.join(content, definition.source, `${id}.yaml`)
      const text = await readFile(file, 'utf8').catch(() => '')
      const data = readSource(file, text).data as { items?: unknown } | undefined
      if (Array.isArray(data?.items)) items.push(...data.items.map(listItemKey))
    }
    choices[`${name}${ITEMS_SUFFIX}`] = items.filter((key): key is string => Boolean(key))
  }
  for (const [name, folder] of Object.entries(assetFolders))
    choices[name] = await names(folder.source, [folder.extension])
  return choices
}
