// Builds the site search index with Pagefind over the prerendered pages: the main content of
// each page that carries data-pagefind-body (components/layout/Layout.tsx puts it on <main>
// of every indexable page), under the address visitors open. The index and Pagefind's browser
// script go to dist/client/pagefind/, fetched by components/search/pagefind.ts on first search.
import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import * as pagefind from 'pagefind'
import { PAGEFIND_PATH } from '../../components/search/pagefind.ts'
import { routeOfFile } from './built-pages.ts'

const INDEXED = /<main\b[^>]*\sdata-pagefind-body\b/
/** Pagefind's ready-made interfaces and highlighter, which this site does not use (its own
 * dialog is components/search/SearchDialog.tsx): not shipped. */
const UNUSED_FILES = /^pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)$/

/** Writes the index; returns the routes indexed. Any Pagefind error fails the build. */
export async function writeSearchIndex(clientDir: string): Promise<string[]> {
  const outputPath = path.join(clientDir, PAGEFIND_PATH)
  // A fresh index: pages removed since the last build must not be found.
  await rm(outputPath, { recursive: true, force: true })
  const files = (await readdir(clientDir, { recursive: true }))
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.html') && !file.startsWith('assets/'))
    .sort()
  const { index, errors } = await pagefind.createIndex({})
  try {
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`)
    const routes: string[] = []
    for (const file of files) {
      const content = await readFile(path.join(clientDir, file), 'utf8')
      if (!INDEXED.test(content)) continue
      const url = routeOfFile(file)
      const added = await index.addHTMLFile({ url, content })
      if (added.errors.length)
        throw new Error(`Pagefind could not index ${file}: ${added.errors.join('; ')}`)
      routes.push(url)
    }
    if (!routes.length) throw new Error(`No page in ${clientDir} has <main data-pagefind-body>`)
    const written = await index.writeFiles({ outputPath })
    if (written.errors.length)
      throw new Error(`Pagefind could not write the index: ${written.errors.join('; ')}`)
    for (const file of await readdir(outputPath))
      if (UNUSED_FILES.test(file)) await rm(path.join(outputPath, file))
    return routes
  } finally {
    await pagefind.close()
  }
}
