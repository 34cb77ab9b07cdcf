// `npm run test:hosts`: the build on the deploy host's own runtime. Stage 2 of npm test runs it
// on stage 1's dist/; it then builds a copy with 1,000 generated articles (the build bench's,
// without the editor) and does the same there. Each build is served twice: by `wrangler dev`
// (workerd, with the wrangler.json the deploy writes: ./workerd.ts) and by the local server
// with the contact function's stand-in (the one `deploy:site check` uses). Then:
// - Wrangler applied every rule the build wrote: it names no skipped, invalid or misplaced line
//   of `_redirects` or `_headers`, and counts as many rules as the files hold;
// - `npm run smoke` passes against workerd, its function calls going to the stand-in;
// - every route, the editor's pages, the crawler files, assets, the not-found answer, a rule of
//   `_redirects`, a trailing-slash address and `/admin/` answer on workerd as on the local
//   server: the same status and target, every header byte for byte but those KNOWN_DIFFERENCES
//   names, each with its reason;
// - a public page whose path starts like the editor's (/administration, added to the served
//   copy of each build) gets the public pages' headers on both, while /admin keeps the editor's;
// - the deploy jobs' own install of their tools works, and Wrangler and the Supabase CLI start
//   from it (./job-install.ts), run beside the builds' checks;
// - the old addresses the route guard promises arrive where the spec says: on Cloudflare the
//   not-found page's script redirects them (builder/outputs/hosting-redirects.ts), so its route
//   list, given to the guard it runs, must send each where the local server does, and that
//   page must answer 200 on workerd.
import { execFile } from 'node:child_process'
import {
  copyFile,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pLimit from 'p-limit'
import { withoutEditor } from '../../builder/admin/without-editor.ts'
import { isPageFile, routeOfFile } from '../../builder/prerender/page-file.ts'
import { NOT_FOUND_ROUTES_ATTRIBUTE } from '../../components/nav/not-found-attributes.ts'
import { guardRoute, redirectLocation, REDIRECTED_FROM_PARAM } from '../../renderer/guard.ts'
import { FEED_PATH } from '../../site/brand.ts'
import { EDITOR_PATH } from '../../site/editor.ts'
import { resolveSiteUrl } from '../../site/origin.ts'
import { repositoryContent } from '../../builder/content/route-table.ts'
import { CONTACT_FUNCTION_PATH } from '../../supabase/functions/_shared/function-name.ts'
import { silentLogger } from '../../supabase/functions/send-contact-email/logger.ts'
import { benchId, benchInputs, writeBenchArticles } from '../../measure/lib/bench-articles.ts'
import { ensureHosts, HOSTS_NODE, wranglerVersion } from '../../operations/hosts.ts'
import { CACHE_REVALIDATE, readBuiltHeaderRules } from '../../server/headers.ts'
import { serveBuildsWithFunction } from '../../server/serve-build.ts'
import { checkJobInstall } from './job-install.ts'
import { freePort, serveOnWorkerd, wranglerProblems } from './workerd.ts'

const execFileAsync = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../..')
const GENERATED_ARTICLES = 1000

interface Answer {
  status: number
  headers: Map<string, string>
  body: string
}

const isRedirect = (answer: Answer) => answer.status >= 300 && answer.status < 400

/**
 * What may differ between workerd's answer and the local server's, each with its reason. Every
 * other header, the security headers first, must be the same byte for byte.
 */
const KNOWN_DIFFERENCES: {
  header: string
  when?: (address: string, host: Answer, local: Answer) => boolean
  reason: string
}[] = [
  { header: 'date', reason: 'the time of the answer' },
  { header: 'connection', reason: "each server's own connection handling" },
  { header: 'keep-alive', reason: "each server's own connection handling" },
  { header: 'transfer-encoding', reason: 'the framing each server chooses' },
  { header: 'content-length', reason: 'the framing each server chooses' },
  { header: 'etag', reason: "Cloudflare's validator (the file's hash); the local server has none" },
  { header: 'cf-cache-status', reason: "Cloudflare's cache reports itself; the local has none" },
  {
    header: 'vary',
    reason:
      'the local server compresses each answer itself and says so; on Cloudflare its edge compresses',
  },
  {
    header: 'content-encoding',
    when: (_address, host) => isRedirect(host),
    reason: "workerd compresses a redirect's empty body; the local server sends none",
  },
  {
    header: 'cache-control',
    when: (_address, host) => isRedirect(host),
    reason:
      "the local guard's redirects say no-cache; Cloudflare's carry none (a 302 or 307 is not cached without one)",
  },
  {
    header: 'content-type',
    when: (address) => address.endsWith('.webmanifest'),
    reason:
      'the local server (mime-types) adds "; charset=utf-8" to the manifest\'s JSON type; JSON is UTF-8 anyway',
  },
  {
    header: 'status',
    when: (_address, host, local) => host.status === 307 && local.status === 301,
    reason:
      "a page's address with a slash: Cloudflare's drop-trailing-slash answers 307, the route guard 301, to the same address",
  },
]

const known = (header: string, address: string, host: Answer, local: Answer) =>
  KNOWN_DIFFERENCES.some(
    (difference) =>
      difference.header === header && (difference.when?.(address, host, local) ?? true),
  )

/**
 * One answer, uncompressed: the bytes are not what is compared, and the local server would
 * otherwise compress every page of the 1,000-article copy with Brotli first.
 */
async function answer(url: string): Promise<Answer> {
  const response = await fetch(url, {
    redirect: 'manual',
    headers: { 'accept-encoding': 'identity' },
    signal: AbortSignal.timeout(15_000),
  })
  const body = await response.text()
  return { status: response.status, headers: new Map(response.headers), body }
}

/** Where a redirect goes: its path and the guard's note, as a URL's own parts say them. */
function target(location: string | undefined) {
  if (location === undefined) return '(none)'
  const url = new URL(location, 'http://host.invalid')
  return `${url.pathname} (${REDIRECTED_FROM_PARAM}=${url.searchParams.get(REDIRECTED_FROM_PARAM) ?? ''})`
}

/** The differences of one address's answers that no KNOWN_DIFFERENCES reason explains. */
function differences(address: string, host: Answer, local: Answer, failures: string[]) {
  if (host.status !== local.status && !known('status', address, host, local))
    failures.push(`${address}: workerd answered ${host.status}, the local server ${local.status}`)
  const names = new Set([...host.headers.keys(), ...local.headers.keys()])
  for (const name of names) {
    if (known(name, address, host, local)) continue
    const [ours, theirs] = [local.headers.get(name), host.headers.get(name)]
    if (name === 'location') {
      if (target(ours) !== target(theirs))
        failures.push(`${address}: workerd redirects to ${target(theirs)}, locally ${target(ours)}`)
    } else if (ours !== theirs)
      failures.push(
        `${address}: ${name} is ${theirs === undefined ? '(none)' : JSON.stringify(theirs)} on workerd, ${ours === undefined ? '(none)' : JSON.stringify(ours)} locally`,
      )
  }
}

/** Every listed page of a build, and the editor's pages when it has them. */
async function builtAddresses(clientDir: string): Promise<string[]> {
  const files = (await readdir(clientDir, { recursive: true })).map((file) =>
    String(file).split(path.sep).join('/'),
  )
  const pages = files.filter((file) => file.endsWith('index.html') && isPageFile(file))
  const editor = ['admin/index.html', 'admin/callback.html'].filter((file) => files.includes(file))
  return [
    ...pages.map(routeOfFile),
    ...editor.map((file) => `/${file.replace(/(\/index)?\.html$/, '')}`),
  ].toSorted()
}

/** A public page's address that starts like the editor's (/administration). */
const LOOK_ALIKE = `${EDITOR_PATH}istration`

/**
 * A copy of the build in `distDir` (hard links where the file system allows) with a public page
 * at LOOK_ALIKE, as a content page there would be built: the home page's HTML, and its
 * revalidate rule in headers.json. Every file written is written anew, never through a link.
 */
async function withLookAlikePage(distDir: string): Promise<string> {
  const copy = path.join(await mkdtemp(path.join(tmpdir(), 'hosts-look-alike-')), 'dist')
  await execFileAsync('cp', ['-al', distDir, copy]).catch(() =>
    cp(distDir, copy, { recursive: true }),
  )
  const page = path.join(copy, 'client', LOOK_ALIKE.slice(1), 'index.html')
  await mkdir(path.dirname(page))
  await copyFile(path.join(copy, 'client', 'index.html'), page)
  const rules = [
    ...readBuiltHeaderRules(copy),
    { source: LOOK_ALIKE, headers: { 'Cache-Control': CACHE_REVALIDATE } },
  ]
  await rm(path.join(copy, 'headers.json'))
  await writeFile(path.join(copy, 'headers.json'), `${JSON.stringify(rules, null, 2)}\n`)
  return copy
}

/**
 * Serves the build of `project` (its dist/, with a page at LOOK_ALIKE added) on workerd and
 * locally, and runs every check there. `oldAddresses` are addresses the guard redirects (below a
 * page, domain-like, link wrappers).
 */
async function checkBuild(label: string, project: string, oldAddresses: string[]) {
  const started = performance.now()
  const distDir = await withLookAlikePage(path.join(project, 'dist'))
  try {
    return await checkServedBuild(label, project, distDir, oldAddresses, started)
  } finally {
    await rm(path.dirname(distDir), { recursive: true, force: true })
  }
}

async function checkServedBuild(
  label: string,
  project: string,
  distDir: string,
  oldAddresses: string[],
  started: number,
) {
  const clientDir = path.join(distDir, 'client')
  const site = JSON.parse(await readFile(path.join(distDir, 'built-with.json'), 'utf8')) as {
    basePath: string
  }
  if (site.basePath !== '/') throw new Error(`${distDir} is built under ${site.basePath}`)
  const siteData = (await repositoryContent()).get('site')?.[0]?.data as { url: string }
  const siteUrl = resolveSiteUrl(siteData.url)
  // workerd and the local server with the function's stand-in start side by side; the
  // stand-in allows workerd's origin, whose forms call it.
  const port = await freePort()
  const [onWorkerd, onLocalServer] = await Promise.allSettled([
    serveOnWorkerd(distDir, siteUrl, port),
    serveBuildsWithFunction([{ distDir }], silentLogger, {
      alsoAllowed: [`http://127.0.0.1:${port}`],
    }),
  ])
  if (onWorkerd.status === 'rejected' || onLocalServer.status === 'rejected') {
    if (onWorkerd.status === 'fulfilled') await onWorkerd.value.stop()
    if (onLocalServer.status === 'fulfilled') await onLocalServer.value.close()
    throw onWorkerd.status === 'rejected'
      ? onWorkerd.reason
      : (onLocalServer as PromiseRejectedResult).reason
  }
  const host = onWorkerd.value
  const { servers, close } = onLocalServer.value
  const ready = performance.now()
  const failures: string[] = []
  try {
    try {
      const local = servers[0]!.origin
      const files = Object.fromEntries(
        await Promise.all(
          ['_redirects', '_headers'].map(
            async (name) => [name, await readFile(path.join(clientDir, name), 'utf8')] as const,
          ),
        ),
      )
      failures.push(...wranglerProblems(host.output(), clientDir, files))

      // npm run smoke, from the project that was built (its route table), against workerd.
      const smoke = await execFileAsync(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(project, 'scripts/smoke.ts'),
          `${host.origin}/`,
          '--function',
          `${local}${CONTACT_FUNCTION_PATH}`,
        ],
        { cwd: project, maxBuffer: 16 * 1024 * 1024 },
      ).catch((error: { stdout?: string; stderr?: string }) => {
        failures.push(`npm run smoke failed against workerd`)
        return { stdout: error.stdout ?? '', stderr: error.stderr ?? '' }
      })
      const smokeOutput = `${smoke.stdout}${smoke.stderr}`.trim()

      // The same answers as the local server's.
      const home = await answer(`${local}/`)
      const asset = /\/assets\/[^"'\s)<>]+\.css/.exec(home.body)?.[0]
      const built = await builtAddresses(clientDir)
      const addresses = [
        ...built,
        '/sitemap.xml',
        '/robots.txt',
        FEED_PATH,
        '/site.webmanifest',
        '/favicon.svg',
        ...(asset ? [asset] : []),
        '/smoke-check/no-such-page',
        '/about/',
        '/l.php',
        '/go/offer',
        ...(built.includes('/admin') ? ['/admin/'] : []),
      ]
      const editorFor = new Map<string, Answer>()
      let lookAlike: { ours: Answer; theirs: Answer } | undefined
      const limit = pLimit(8)
      await Promise.all(
        addresses.map((address) =>
          limit(async () => {
            const [ours, theirs] = await Promise.all([
              answer(`${local}${address}`),
              answer(`${host.origin}${address}`),
            ])
            differences(address, theirs, ours, failures)
            if (address === '/admin' || address === '/admin/') editorFor.set(address, theirs)
            if (address === LOOK_ALIKE) lookAlike = { ours, theirs }
          }),
        ),
      )
      const slash = editorFor.get('/admin/')
      const editor = editorFor.get('/admin')
      if (editor && slash) {
        if (target(slash.headers.get('location')) !== target('/admin'))
          failures.push(`/admin/: workerd redirects to ${target(slash.headers.get('location'))}`)
        // The editor's own policy and noindex, as on /admin itself, and never the public site's
        // COOP, which would cut the sign-in popup's window.opener (/admin sends its own).
        for (const name of ['content-security-policy', 'x-robots-tag'])
          if (slash.headers.get(name) !== editor.headers.get(name))
            failures.push(`/admin/: its ${name} is not the editor's (/admin's)`)
        if (!slash.headers.get('x-robots-tag')?.includes('noindex'))
          failures.push(`/admin/: no X-Robots-Tag: noindex`)
        if (
          slash.headers.get('cross-origin-opener-policy') ===
          home.headers.get('cross-origin-opener-policy')
        )
          failures.push(`/admin/: sends the public site's Cross-Origin-Opener-Policy`)
        if (editor.headers.get('cross-origin-opener-policy') !== 'same-origin-allow-popups')
          failures.push(`/admin: its Cross-Origin-Opener-Policy is not same-origin-allow-popups`)
      }

      // The public page named like the editor: the public policy with its hashes (the editor's
      // would block its inline scripts), indexed, and the public COOP, on both servers.
      if (!lookAlike) failures.push(`${LOOK_ALIKE}: not among the addresses compared`)
      const publicPolicy = home.headers.get('content-security-policy')
      for (const [server, reply] of Object.entries(lookAlike ?? {})) {
        const on = `${LOOK_ALIKE} on ${server === 'ours' ? 'the local server' : 'workerd'}`
        if (reply.status !== 200) failures.push(`${on}: answered ${reply.status}`)
        const policy = reply.headers.get('content-security-policy')
        if (policy !== publicPolicy || !policy?.includes("'sha256-"))
          failures.push(`${on}: its Content-Security-Policy is not the public pages'`)
        if (reply.headers.has('x-robots-tag'))
          failures.push(`${on}: sends X-Robots-Tag ${reply.headers.get('x-robots-tag')}`)
        if (reply.headers.get('cross-origin-opener-policy') !== 'same-origin')
          failures.push(`${on}: its Cross-Origin-Opener-Policy is not same-origin`)
      }

      // The old addresses: the not-found page's guard sends each where the local server does.
      for (const address of oldAddresses) {
        const [ours, theirs] = await Promise.all([
          answer(`${local}${address}`),
          answer(`${host.origin}${address}`),
        ])
        const { pathname, search } = new URL(address, 'http://host.invalid')
        let arrived: string | undefined
        if (theirs.status === 404) {
          const routes = new RegExp(`${NOT_FOUND_ROUTES_ATTRIBUTE}="([^"]*)"`).exec(
            theirs.body,
          )?.[1]
          if (!routes) {
            failures.push(`${address}: workerd's 404 answer is not the not-found page`)
            continue
          }
          const decision = guardRoute(
            pathname,
            search,
            JSON.parse(routes.replaceAll('&quot;', '"')) as string[],
          )
          if (decision.action === 'redirect') arrived = redirectLocation(decision, pathname, search)
        } else if (theirs.status >= 300 && theirs.status < 400)
          arrived = theirs.headers.get('location')
        if (target(arrived) !== target(ours.headers.get('location'))) {
          failures.push(
            `${address}: arrives at ${target(arrived)} on workerd, ${target(ours.headers.get('location'))} by the guard`,
          )
          continue
        }
        const landed = await answer(new URL(arrived!, host.origin).href)
        if (landed.status !== 200)
          failures.push(`${address}: its target ${arrived} answered ${landed.status} on workerd`)
      }

      console.log(
        [
          `${label}: ${addresses.length} addresses compared with the local server, ${oldAddresses.length} old addresses followed, in ${((performance.now() - started) / 1000).toFixed(1)} s (workerd and the local server ready in ${((ready - started) / 1000).toFixed(1)} s).`,
          `  Wrangler: ${host
            .output()
            .split('\n')
            .filter((line) => /Parsed|Ready/.test(line))
            .map((line) => line.replace(/^\[wrangler:info\] (✨ )?/, '').trim())
            .join('; ')}`,
          ...smokeOutput.split('\n').map((line) => `  smoke: ${line}`),
        ].join('\n'),
      )
    } finally {
      await close()
    }
  } finally {
    await host.stop()
  }
  return failures
}

/**
 * A copy of the site with GENERATED_ARTICLES more articles, built without the editor (as the
 * other test builds are): node_modules shared, so the pictures' cache is the one stage 1 filled.
 */
async function buildGeneratedCopy(): Promise<{ project: string; seconds: number }> {
  const project = await mkdtemp(path.join(tmpdir(), 'hosts-articles-'))
  const NOT_COPIED = new Set(['node_modules', 'hosts', 'dist', 'tests', 'reports', 'test-results'])
  for (const entry of await readdir(root))
    if (!NOT_COPIED.has(entry) && !entry.startsWith('.'))
      await cp(path.join(root, entry), path.join(project, entry), { recursive: true })
  await symlink(path.join(root, 'node_modules'), path.join(project, 'node_modules'), 'dir')
  await writeBenchArticles(project, GENERATED_ARTICLES, await benchInputs(root))
  const started = performance.now()
  try {
    await execFileAsync('npm', ['run', 'build'], {
      cwd: project,
      env: withoutEditor(),
      maxBuffer: 64 * 1024 * 1024,
    })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    await rm(project, { recursive: true, force: true })
    throw new Error(
      `the build with ${GENERATED_ARTICLES} generated articles failed:\n${`${stdout}${stderr}`.slice(-4000)}`,
    )
  }
  return { project, seconds: (performance.now() - started) / 1000 }
}

const OLD_ADDRESSES = [
  '/about/team',
  '/process/unknown-step',
  '/industries/ai-ml/roles/senior',
  '/services/unknown',
  '/resources/articles/tags/system-design/feed',
  '/old-page?fbclid=abc',
  '/www.example.com/path',
  '/sharer/sharer.php',
]

ensureHosts()
const { stdout: nodeVersion } = await execFileAsync(HOSTS_NODE, ['--version'])
console.log(
  `Hosts: Wrangler ${wranglerVersion()} under Node ${nodeVersion.trim()} (hosts/); this process: Node ${process.version}`,
)
// The jobs' install waits on the registry's cache and the disk more than on a core.
const jobInstall = checkJobInstall().catch((error: unknown) => ({
  failures: [error instanceof Error ? error.message : String(error)],
  log: [],
}))
const failures = await checkBuild('The build in dist/', root, OLD_ADDRESSES)
// --dist-only: the first part alone, while working on it.
if (!process.argv.includes('--dist-only')) {
  const { project, seconds } = await buildGeneratedCopy()
  try {
    console.log(
      `The copy with ${GENERATED_ARTICLES} generated articles built (without the editor) in ${seconds.toFixed(1)} s.`,
    )
    failures.push(
      ...(
        await checkBuild(`The build with ${GENERATED_ARTICLES} more articles`, project, [
          ...OLD_ADDRESSES,
          `/resources/articles/${benchId(GENERATED_ARTICLES - 1)}/comments`,
          `/resources/articles/${benchId(0)}/amp/page`,
        ])
      ).map((failure) => `(${GENERATED_ARTICLES} articles) ${failure}`),
    )
  } finally {
    await rm(project, { recursive: true, force: true, maxRetries: 5 })
  }
}
const installed = await jobInstall
console.log(`The deploy jobs' install, as they run it:\n  ${installed.log.join('\n  ')}`)
failures.push(...installed.failures.map((failure) => `(the deploy jobs' install) ${failure}`))
for (const failure of failures) console.error(`  ✗ ${failure}`)
if (failures.length) {
  console.error(`test:hosts: ${failures.length} problem${failures.length === 1 ? '' : 's'}.`)
  process.exit(1)
}
console.log('test:hosts: passed.')
