// `npm run test:links`: every internal link, #anchor and asset reference in the built site must
// resolve. Linkinator serves the built site itself on loopback and crawls from every built page.
// Then every link to a page must name it at its canonical address, exactly the path its file
// answers at (no trailing slash, no redirect on the way), as a host serves it without rules.
// `-- --dist <folder>` checks another build (default dist). A build made under a base path
// (SITE_BASE_PATH, renderer/base-path.ts) is served under that path, as its host will serve it,
// so a link that forgot the base is reported broken.
import { mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { LinkChecker, LinkState } from 'linkinator'
import { isPageFile, routeOfFile } from '../../builder/prerender/page-file.ts'
import { readBuiltSite } from '../../server/built-with.ts'

const { values } = parseArgs({ options: { dist: { type: 'string', default: 'dist' } } })
const distDir = path.resolve(values.dist)
const clientDir = path.join(distDir, 'client')
const pageFiles = (await readdir(clientDir, { recursive: true }).catch(() => [] as string[]))
  .filter(isPageFile)
  .map((file) => file.split(path.sep).join('/'))
if (!pageFiles.length) {
  console.error(`No HTML in ${path.relative('.', clientDir)}: run \`npm run build\` first.`)
  process.exit(1)
}

const { basePath } = readBuiltSite(distDir)
/** A folder with the site at `basePath` inside it (a link to the build, not a copy). */
async function siteUnderBase(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'check-links-'))
  const site = path.join(root, basePath)
  await mkdir(path.dirname(site), { recursive: true })
  await symlink(clientDir, site.replace(/\/$/, ''), 'dir')
  return root
}
const serverRoot = basePath === '/' ? clientDir : await siteUnderBase()
// Paths are relative to serverRoot.
const pages = pageFiles.map((file) => basePath.slice(1) + file)

// Linkinator's own server's addresses, or files under the folder it serves.
const escaped = path.relative('.', serverRoot).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const ownLink = new RegExp(`^(http://(localhost|127\\.0\\.0\\.1)[:/]|${escaped})`)

/**
 * Links to a page that name it other than by its own address (a trailing slash, a spelling the
 * server would redirect): each as "page → href". A page whose HTML has fewer than 20 links is
 * named too: its header and footer alone have more, so it was not read whole.
 */
async function linksNotCanonical(): Promise<string[]> {
  const files = pageFiles.filter((file) => file !== '404.html')
  const addresses = new Set(files.map((file) => routeOfFile(file)))
  const found: string[] = []
  for (const file of files) {
    const page = routeOfFile(file)
    const html = await readFile(path.join(clientDir, file), 'utf8')
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) =>
      match[1]!.replaceAll('&amp;', '&'),
    )
    if (hrefs.length < 20) found.push(`${page}: only ${hrefs.length} links`)
    for (const href of hrefs) {
      if (/^(https?:|mailto:|tel:)/.test(href)) continue
      const { pathname } = new URL(href, `http://site${basePath}${page.slice(1)}`)
      if (/\.[a-z0-9]+$/.test(pathname)) continue // an asset: linkinator fetched it
      if (!pathname.startsWith(basePath)) {
        found.push(`${page} → ${href} (outside ${basePath})`)
        continue
      }
      const address = '/' + pathname.slice(basePath.length)
      if (!addresses.has(address)) found.push(`${page} → ${href}`)
    }
  }
  return found
}

try {
  const checker = new LinkChecker()
  const result = await checker.check({
    path: pages,
    serverRoot,
    recurse: true,
    checkFragments: true,
    concurrency: 20,
    // Only our own pages are checked here: no network, and external sites are not ours to fix.
    linksToSkip: async (link) => !ownLink.test(link),
  })

  const broken = result.links.filter((link) => link.state === LinkState.BROKEN)
  const checked = result.links.filter((link) => link.state === LinkState.OK).length
  const sitePath = (url = '') => '/' + url.replace(new RegExp(`^(http://[^/]+|${escaped})?/?`), '')
  for (const link of broken)
    console.error(
      `  ✗ ${sitePath(link.url)} (${link.status ?? 'no answer'}) linked from ${sitePath(link.parent)}`,
    )
  const under = basePath === '/' ? '' : ` under ${basePath}`
  console.log(
    `Links: ${checked} internal links, anchors and assets resolve${under}; ${broken.length} broken (${pages.length} pages crawled).`,
  )
  const roundabout = await linksNotCanonical()
  for (const line of roundabout) console.error(`  ✗ ${line}`)
  console.log(
    `Addresses: ${roundabout.length} links to a page by other than its own address (${pages.length} pages read).`,
  )
  process.exitCode = broken.length || roundabout.length ? 1 : 0
} finally {
  if (serverRoot !== clientDir) await rm(serverRoot, { recursive: true, force: true })
}
