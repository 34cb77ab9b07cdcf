// `npm run test:links`: every internal link, #anchor and asset reference in the built site must
// resolve. Linkinator serves dist/client itself on loopback and crawls from every built page.
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { LinkChecker, LinkState } from 'linkinator'

const clientDir = path.resolve('dist/client')
const pages = (await readdir(clientDir, { recursive: true }))
  .filter((file) => file.endsWith('.html'))
  // Paths are relative to serverRoot.
  .map((file) => file.split(path.sep).join('/'))
if (!pages.length) {
  console.error('No HTML in dist/client: run `npm run build` first.')
  process.exit(1)
}

const checker = new LinkChecker()
const result = await checker.check({
  path: pages,
  serverRoot: 'dist/client',
  recurse: true,
  checkFragments: true,
  concurrency: 20,
  // Only our own pages are checked here: no network, and external sites are not ours to fix.
  linksToSkip: async (link) => !/^(http:\/\/(localhost|127\.0\.0\.1)[:/]|dist\/client)/.test(link),
})

const broken = result.links.filter((link) => link.state === LinkState.BROKEN)
const checked = result.links.filter((link) => link.state === LinkState.OK).length
const sitePath = (url = '') => '/' + url.replace(/^(http:\/\/[^/]+|dist\/client)?\/?/, '')
for (const link of broken)
  console.error(
    `  ✗ ${sitePath(link.url)} (${link.status ?? 'no answer'}) linked from ${sitePath(link.parent)}`,
  )
console.log(
  `Links: ${checked} internal links, anchors and assets resolve; ${broken.length} broken (${pages.length} pages crawled).`,
)
process.exit(broken.length ? 1 : 0)
