// What a page that opens the built editor needs around its GitHub sign-in (./editor-sign-in.spec.ts,
// ./editorial-workflow.spec.ts), and where the sign-in's spec looks for a token left behind: every
// address a browser context asked for and every response header it got, and the addresses a
// Chromium profile's own history file keeps.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'
import initSqlJs from 'sql.js'

/** Decap asks githubstatus.com whether GitHub is up; the test machine stays offline. */
export async function keepGitHubStatusOffline(page: Page): Promise<void> {
  await page.route('https://www.githubstatus.com/**', (route) =>
    route.fulfill({ json: { components: [] } }),
  )
}

/**
 * Records, from now on, every address `context`'s pages ask for (navigations, redirects, scripts,
 * fetches) and every header of every answer; `holding(text)` lists those that contain it.
 */
export function watchAddresses(context: BrowserContext): { holding(text: string): string[] } {
  const seen: string[] = []
  context.on('request', (request) => {
    seen.push(`request ${request.url()}`)
    const from = request.redirectedFrom()
    if (from) seen.push(`redirect ${from.url()} -> ${request.url()}`)
  })
  context.on('response', (response) => {
    for (const [name, value] of Object.entries(response.headers()))
      seen.push(`header of ${response.url()}: ${name}: ${value}`)
  })
  return { holding: (text) => seen.filter((line) => line.includes(text)) }
}

/** Every address of the `urls` table of a closed Chromium profile's `Default/History` file. */
export async function historyAddresses(profile: string): Promise<string[]> {
  const SQL = await initSqlJs({
    locateFile: (file) =>
      path.join(path.dirname(createRequire(import.meta.url).resolve('sql.js')), file),
  })
  const db = new SQL.Database(await readFile(path.join(profile, 'Default', 'History')))
  try {
    const [result] = db.exec('SELECT url FROM urls')
    return (result?.values ?? []).map(([url]) => String(url))
  } finally {
    db.close()
  }
}
