// What `vike build` hands to the page render (build/prerender/prerender.ts), which runs in a process of
// its own once the bundler's has ended: the content the bundle was built from, the Supabase
// address the browser code was built with, and the picture variants the pages show. Content goes
// as data only: the render needs it for the route list and the build's own files, and the bodies
// are in the server bundle already. The file lives in dist/server/, which the render removes
// with the rest of the server build.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { ResponsiveImage } from '../content/images.ts'

const HANDOFF_FILE = 'server/build-handoff.json'

/** One entry of a collection, as the route table and the build's files read it. */
export interface HandedEntry {
  id: string
  data: unknown
}

export interface BuildHandoff {
  /**
   * The NODE_ENV the bundle was built under: the render loads React's matching build (a bundle
   * built under "test" or "development" calls React's development JSX runtime).
   */
  nodeEnv: string
  /** Every collection's published entries, by collection name. */
  entries: Map<string, HandedEntry[]>
  supabaseUrl?: string
  images: { variants: Map<string, ResponsiveImage>; cacheDir: string }
}

interface HandoffFile {
  nodeEnv: string
  entries: [string, HandedEntry[]][]
  supabaseUrl?: string
  images: { variants: [string, ResponsiveImage][]; cacheDir: string }
}

export async function writeBuildHandoff(distDir: string, handoff: BuildHandoff) {
  const file: HandoffFile = {
    nodeEnv: handoff.nodeEnv,
    entries: [...handoff.entries].map(([name, entries]) => [
      name,
      entries.map(({ id, data }) => ({ id, data })),
    ]),
    supabaseUrl: handoff.supabaseUrl,
    images: { variants: [...handoff.images.variants], cacheDir: handoff.images.cacheDir },
  }
  await writeFile(path.join(distDir, HANDOFF_FILE), JSON.stringify(file))
}

export async function readBuildHandoff(distDir: string): Promise<BuildHandoff> {
  const location = path.join(distDir, HANDOFF_FILE)
  const text = await readFile(location, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error
    throw new Error(`${location} is missing: run \`vike build\` before rendering the pages.`)
  })
  const file = JSON.parse(text) as HandoffFile
  return {
    nodeEnv: file.nodeEnv,
    entries: new Map(file.entries),
    supabaseUrl: file.supabaseUrl,
    images: { variants: new Map(file.images.variants), cacheDir: file.images.cacheDir },
  }
}
