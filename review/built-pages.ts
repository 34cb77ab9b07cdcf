// Every prerendered page of one build (dist/client), by the address a visitor opens.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { isPageFile, routeOfFile } from '../builder/prerender/page-file.ts'
import { readPageText, type PageText } from './page-text.ts'

export { isPageFile, routeOfFile }

/** The text of every HTML page under clientDir, keyed by route, in route order. */
export async function readBuiltPages(clientDir: string): Promise<Map<string, PageText>> {
  const files = (await readdir(clientDir, { recursive: true })).filter(isPageFile).sort()
  const pages = await Promise.all(
    files.map(async (file) => {
      const html = await readFile(path.join(clientDir, file), 'utf8')
      try {
        return [routeOfFile(file), readPageText(html)] as const
      } catch (error) {
        throw new Error(`${path.join(clientDir, file)}: ${(error as Error).message}`)
      }
    }),
  )
  return new Map(pages.sort(([a], [b]) => a.localeCompare(b)))
}
