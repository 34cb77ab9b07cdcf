// Every prerendered page of one build (dist/client), by the address a visitor opens.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { readPageText, type PageText } from './page-text.ts'

/** about/index.html answers at /about, index.html at /, 404.html stays /404.html. */
export function routeOfFile(relative: string): string {
  const file = relative.split(path.sep).join('/')
  if (file === 'index.html') return '/'
  return '/' + file.replace(/\/index\.html$/, '')
}

/** Whether a file of dist/client (path relative to it) is a page: HTML outside the assets. */
export function isPageFile(relative: string): boolean {
  return relative.endsWith('.html') && !relative.split(/[\\/]/).includes('assets')
}

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
