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

/** The text of every HTML page under clientDir, keyed by route, in route order. */
export async function readBuiltPages(clientDir: string): Promise<Map<string, PageText>> {
  const files = (await readdir(clientDir, { recursive: true }))
    .filter((file) => file.endsWith('.html'))
    .filter((file) => !file.split(path.sep).includes('assets'))
    .sort()
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
