// What the page render (./prerender.ts) needs besides the server build: the content the bundle
// was built from and the picture variants the pages show. Taken where `vike build` took them, not
// from a copy it wrote: the content loader (../content/load-snapshot.ts), whose cache the bundle's
// build has just filled (the load itself is read back, each picture's variants found on disk,
// nothing checked, compiled or encoded again). The Supabase address comes from the bundle itself
// (BuiltWith, ./render-pages.ts).
import { collections } from '../../content/schema/collections.ts'
import { draftModeFor } from '../../site/drafts.ts'
import { buildImages, imageCacheDir, type ResponsiveImage } from '../content/images.ts'
import type { DataEntry } from '../content/load.ts'
import { loadContentOnce } from '../content/load-snapshot.ts'
import { formatReport } from '../content/report.ts'

export interface BuiltContent {
  /** Every collection's published entries, by collection name. */
  entries: ReadonlyMap<string, readonly DataEntry[]>
  images: { variants: Map<string, ResponsiveImage>; cacheDir: string }
}

/** The content of the build, as `vike build` loaded it from `root`. */
export async function loadBuiltContent(root: string): Promise<BuiltContent> {
  const result = await loadContentOnce(root, collections, {
    drafts: draftModeFor('build'),
    dayOfKeptLoad: true,
  })
  // `vike build` stops on the same problems; this is for a render run on content edited since.
  if (result.errors.length) throw new Error(`content has problems:\n${formatReport(result.errors)}`)
  const pictures = [...result.entries.values()].flat().flatMap((entry) => entry.images)
  return {
    entries: result.entries,
    images: { variants: await buildImages(root, pictures), cacheDir: imageCacheDir(root) },
  }
}
