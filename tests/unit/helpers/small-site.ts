// The small fixture site: the real code with the handful of entries in
// tests/fixtures/small-site/content/ (see its README.md), for tests that build or serve a site
// and would prove the same on the whole one at several times the cost.
import { cp } from 'node:fs/promises'
import path from 'node:path'
import { copyContentWithoutEntries, copySite, siteRoot } from './site-copy.ts'

/** The fixture's entries: content/ of the small site, without schemas and pictures. */
export const smallSiteEntries = path.join(siteRoot, 'tests/fixtures/small-site/content')

/** Writes the fixture's entries into content/ of `project`. */
export const writeSmallSiteEntries = (project: string) =>
  cp(smallSiteEntries, path.join(project, 'content'), { recursive: true })

/** content/ of the small site in `project`: the site's schemas and pictures, the fixture's entries. */
export async function writeSmallSiteContent(project: string): Promise<void> {
  await copyContentWithoutEntries(project)
  await writeSmallSiteEntries(project)
}

/**
 * A throwaway copy of the site (./site-copy.ts) holding the small site's content; `addContent`
 * may add to it or change it (drafts, a broken entry).
 */
export function copySmallSite(prefix: string, addContent?: (project: string) => Promise<void>) {
  return copySite(prefix, async (project) => {
    await writeSmallSiteEntries(project)
    await addContent?.(project)
  })
}
