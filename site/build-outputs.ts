// Every address the build and the editor write files at besides the pages of content: the one
// list. Each writer takes its folder or file name from here (the picture pipeline, the search
// index, the social cards, Vite's bundles, the editor's build, the crawler files), and the
// content check (builder/content/content-checker.ts, which serves `npm run check:content`, the
// build and the editor's in-page check) refuses an entry whose address would fall on one of
// them; prerender refuses to write a page over a file it did not plan (builder/prerender/).
// The files of public/ are served at the top of the site too: the check reads their names there.
import { FEED_PATH, MANIFEST_PATH } from './brand.ts'
import { EDITOR_PATH } from './editor.ts'
import { SOCIAL_CARD_DIR } from './social-card-path.ts'

interface BuildOutput {
  /** Its address: a folder ("/assets", holding everything below it) or one file. */
  path: string
  /** Who writes it, as an error names it. */
  writer: string
}

export const BUILD_OUTPUTS = {
  editor: {
    path: EDITOR_PATH,
    writer: "the writers' editor and its sign-in (builder/admin/editor-build.ts, admin/)",
  },
  assets: { path: '/assets', writer: "Vite's bundles of the pages' scripts and styles" },
  images: { path: '/images', writer: 'the picture pipeline (builder/content/images.ts)' },
  socialCards: { path: SOCIAL_CARD_DIR, writer: 'the social cards (builder/outputs/social-card/)' },
  searchIndex: { path: '/pagefind', writer: 'the search index (builder/outputs/search-index.ts)' },
  notFound: { path: '/404', writer: 'the not-found page (404.html)' },
  feed: { path: FEED_PATH, writer: 'the RSS feed (builder/outputs/feed.ts)' },
  sitemap: { path: '/sitemap.xml', writer: 'the sitemap (builder/outputs/seo-files.ts)' },
  robots: { path: '/robots.txt', writer: 'robots.txt (builder/outputs/seo-files.ts)' },
  manifest: { path: MANIFEST_PATH, writer: 'the web manifest (builder/outputs/seo-files.ts)' },
} as const satisfies Record<string, BuildOutput>

/** A folder of the built site with its trailing slash and no leading one: "assets/". */
export const outputFolder = (output: BuildOutput) => `${output.path.slice(1)}/`

/**
 * The build output an address falls on (the output itself or anything below it), or undefined.
 * `publicNames` are the top-level names of public/, served at the top of the site as they are.
 */
export function reservedBy(
  address: string,
  publicNames: readonly string[] = [],
): BuildOutput | undefined {
  const within = (path: string) => address === path || address.startsWith(`${path}/`)
  const output = Object.values(BUILD_OUTPUTS).find(({ path }) => within(path))
  if (output) return output
  const name = publicNames.find((entry) => within(`/${entry}`))
  return name === undefined ? undefined : { path: `/${name}`, writer: `public/${name}` }
}

/** The sentence for an entry whose address is reserved. */
export function reservedAddressMessage(address: string, output: BuildOutput): string {
  return `the address ${address} is reserved: the build writes ${output.path} for ${output.writer}; choose another address`
}
