// Run after `vike build`: writes the route guard's hosting rules into dist/client, `_redirects`
// (Netlify, Cloudflare Pages) and the `redirects` of vercel.json. vercel.json is merged, not
// replaced, so other generated sections (security headers) can share the file.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { loadContent } from '../content/_lib/load.ts'
import { collections, type EntryData } from '../content/config.ts'
import { buildRouteTable } from '../renderer/route-table.ts'
import { hostingRedirects } from './lib/hosting-redirects.ts'

const root = path.resolve(import.meta.dirname, '..')
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'dist/client'))

const { entries, errors } = await loadContent(root, collections)
if (errors.length) throw new Error('content has problems; run npm run check:content')
const list = <C extends 'pages' | 'legal' | 'industries'>(name: C) =>
  (entries.get(name) ?? []) as { id: string; data: EntryData<C> }[]
const routes = buildRouteTable({
  pages: list('pages'),
  legal: list('legal'),
  industries: list('industries'),
}).map((route) => route.path)

const { redirectsFile, vercel } = hostingRedirects(routes)
await writeFile(path.join(outDir, '_redirects'), redirectsFile)

const vercelFile = path.join(outDir, 'vercel.json')
const existing = JSON.parse(await readFile(vercelFile, 'utf8').catch(() => '{}'))
await writeFile(vercelFile, `${JSON.stringify({ ...existing, redirects: vercel }, null, 2)}\n`)
console.log(
  `Hosting rules: ${redirectsFile.split('\n').length - 1} lines in _redirects, ${vercel.length} Vercel redirects`,
)
