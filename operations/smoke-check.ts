// The smoke check of a served site (`npm run smoke -- <url>`, scripts/smoke.ts): what a visitor
// and a crawler meet, read over HTTP in seconds. Every route of the route table answers 200 at
// its own address (no redirect) with the security headers of server/headers.ts, an unknown
// path answers the not-found page with 404, the crawler files come with their types, hashed
// assets are cached for a year, and the contact function answers the site's origin: its CORS
// preflight, and a 400 for an empty JSON body (nothing is stored or mailed for one).
// Given the build it checks (`--dist`: the deploy job has it), the security headers are the
// ones that build wrote, its Content-Security-Policy exactly (a live page with a source more
// fails); without it, the policy is checked for the sources it needs, and the result says so.
import pLimit from 'p-limit'
import { expectedRoutes, repositoryContent } from '../builder/content/route-table.ts'
import type { EntryData } from '../content/schema/collections.ts'
import { FEED_PATH } from '../site/brand.ts'
import {
  CACHE_IMMUTABLE,
  headerRules,
  readBuiltHeaderRules,
  securityHeadersOf,
} from '../server/headers.ts'
import { CONTACT_FUNCTION_PATH } from '../supabase/functions/_shared/contact-request.ts'
import { answerOf, contactFunctionProblems } from './function-probes.ts'

export interface SmokeCheckOptions {
  /** The site's address, e.g. https://panelwise.dev or http://127.0.0.1:4173/base/. */
  siteUrl: string
  /** Every path the site must answer (the route table, site/routes.ts), e.g. "/about". */
  routes: readonly string[]
  /** The security headers every answer carries (server/headers.ts), by name. */
  securityHeaders: Readonly<Record<string, string>>
  /**
   * Whether securityHeaders are the build's own (dist/headers.json), so the policy must be
   * exactly theirs; otherwise it must have their sources, and may have more (the build's hashes).
   */
  exactPolicy?: boolean
  /** The feed's path (site/brand.ts). */
  feedPath: string
  /** The contact function's full address. */
  functionUrl: string
  /** The public key the browser sends to a Supabase project with each call, if any. */
  anonKey?: string
  /** Requests at once. */
  concurrency?: number
  /** A request's time limit. */
  timeoutMs?: number
}

export interface SmokeCheckResult {
  /** How many answers were read. */
  requests: number
  /** One sentence per failure, naming the address and what was wrong. */
  failures: string[]
  /** One sentence per check it could not make here, and why. */
  notChecked: string[]
}

/** What a check without the build cannot tell. */
export const POLICY_NOT_EXACT =
  'Content-Security-Policy checked for the sources it needs, not exactly: without the build it serves (--dist), the hashes of its inline scripts and styles are unknown here, so a source more would pass.'

const CSP = 'Content-Security-Policy'
/** A path no site has, so the host's not-found answer is what comes back. */
const UNKNOWN_PATH = '/smoke-check/no-such-page'

/** "script-src 'self' 'sha256-…'; …" → Map of directive → sources. */
export function cspDirectives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  )
}

/**
 * What is wrong with one answer's security headers. The policy must have every directive and
 * source of the expected one (the built site adds the hashes of its inline scripts and styles);
 * `exact`, nothing more either.
 */
export function securityHeaderProblems(
  headers: Headers,
  expected: Readonly<Record<string, string>>,
  exact = false,
): string[] {
  const problems: string[] = []
  for (const [name, value] of Object.entries(expected)) {
    const actual = headers.get(name)
    if (actual === null) problems.push(`no ${name} header`)
    else if (name !== CSP && actual !== value)
      problems.push(`${name} is "${actual}", expected "${value}"`)
    else if (name === CSP) {
      const live = cspDirectives(actual)
      for (const [directive, sources] of cspDirectives(value)) {
        const missing = sources.filter((source) => !live.get(directive)?.includes(source))
        if (!live.has(directive)) problems.push(`${CSP} has no ${directive}`)
        else if (missing.length)
          problems.push(
            `${CSP} ${directive} lacks ${missing.join(' ')} (has: ${live.get(directive)!.join(' ')})`,
          )
      }
      if (!exact) continue
      const built = cspDirectives(value)
      for (const [directive, sources] of live) {
        const extra = sources.filter((source) => !built.get(directive)?.includes(source))
        if (!built.has(directive))
          problems.push(`${CSP} has ${directive}, which the build did not write`)
        else if (extra.length)
          problems.push(`${CSP} ${directive} has ${extra.join(' ')}, which the build did not write`)
      }
    }
  }
  return problems
}

export async function smokeCheck(options: SmokeCheckOptions): Promise<SmokeCheckResult> {
  const { concurrency = 8, timeoutMs = 15_000 } = options
  const site = new URL(options.siteUrl)
  if (!site.pathname.endsWith('/')) site.pathname += '/'
  const origin = site.origin
  const at = (path: string) => new URL(path.replace(/^\//, ''), site).href
  const failures: string[] = []
  let requests = 0
  const limit = pLimit(concurrency)

  /** One request; a network failure or time-out is a failure of its own, named. */
  const request = (url: string, init: RequestInit = {}) =>
    limit(async () => {
      requests++
      const answer = await answerOf(url, init, timeoutMs)
      if (answer instanceof Response) return answer
      failures.push(`${url}: no answer (${answer.noAnswer})`)
      return undefined
    })
  const fail = (url: string, problem: string) => failures.push(`${url}: ${problem}`)
  const expectStatus = (url: string, response: Response, status: number) => {
    if (response.status === status) return true
    const location = response.headers.get('location')
    fail(
      url,
      `answered ${response.status}${location ? ` (redirect to ${location})` : ''}, expected ${status}`,
    )
    return false
  }
  const expectSecurityHeaders = (url: string, response: Response) => {
    for (const problem of securityHeaderProblems(
      response.headers,
      options.securityHeaders,
      options.exactPolicy,
    ))
      fail(url, problem)
  }
  const expectType = (url: string, response: Response, type: RegExp, what: string) => {
    const actual = response.headers.get('content-type') ?? '(none)'
    if (!type.test(actual)) fail(url, `Content-Type is "${actual}", expected ${what}`)
  }

  // Every route, at its canonical address, with no redirect.
  let homeHtml = ''
  await Promise.all(
    options.routes.map(async (route) => {
      const url = at(route)
      const response = await request(url)
      if (!response) return
      const body = await response.text()
      if (!expectStatus(url, response, 200)) return
      expectType(url, response, /^text\/html\b/, 'text/html')
      expectSecurityHeaders(url, response)
      if (route === '/') homeHtml = body
    }),
  )

  // The not-found page, with its status.
  {
    const url = at(UNKNOWN_PATH)
    const response = await request(url)
    if (response) {
      const body = await response.text()
      if (expectStatus(url, response, 404)) {
        expectType(url, response, /^text\/html\b/, 'text/html (the not-found page)')
        if (!/<meta name="robots" content="noindex"/.test(body))
          fail(url, 'the 404 answer is not the site’s not-found page (no noindex page in it)')
        expectSecurityHeaders(url, response)
      }
    }
  }

  // The crawler files, with their types.
  const files: [string, RegExp, string][] = [
    ['/sitemap.xml', /^(application|text)\/xml\b/, 'application/xml'],
    ['/robots.txt', /^text\/plain\b/, 'text/plain'],
    [options.feedPath, /^(application\/(rss\+)?xml|text\/xml)\b/, 'an RSS or XML type'],
  ]
  await Promise.all(
    files.map(async ([path, type, what]) => {
      const url = at(path)
      const response = await request(url)
      if (!response) return
      await response.arrayBuffer()
      if (expectStatus(url, response, 200)) expectType(url, response, type, what)
    }),
  )

  // The hashed assets the home page names (its stylesheet, at least), cached for a year.
  const assets = [...new Set(homeHtml.match(/\/assets\/[^"'\s)<>]+/g) ?? [])].slice(0, 4)
  if (homeHtml && !assets.length)
    fail(at('/'), 'names no hashed asset under /assets/ (the stylesheet is one)')
  await Promise.all(
    assets.map(async (asset) => {
      const url = new URL(asset, origin).href
      const response = await request(url)
      if (!response) return
      await response.arrayBuffer()
      if (!expectStatus(url, response, 200)) return
      const cache = response.headers.get('cache-control')
      if (cache !== CACHE_IMMUTABLE)
        fail(url, `Cache-Control is "${cache ?? '(none)'}", expected "${CACHE_IMMUTABLE}"`)
    }),
  )

  // The contact function, called from the site's origin as the browser calls it.
  const contact = await contactFunctionProblems({
    functionUrl: options.functionUrl,
    origin,
    anonKey: options.anonKey,
    timeoutMs,
  })
  requests += contact.requests
  failures.push(...contact.failures)

  return { requests, failures, notChecked: options.exactPolicy ? [] : [POLICY_NOT_EXACT] }
}

/**
 * The options for checking `siteUrl` against this repository: its route table (site/routes.ts,
 * from content/ as of today, so a scheduled article is not expected before its day) and the
 * security headers server/headers.ts gives it, or, given `distDir`, the very ones that build wrote
 * (its policy exactly). The function is `functionUrl` when given, else the project
 * VITE_SUPABASE_URL names, else the site's own origin (as the forms call it).
 */
export async function smokeOptionsFor(
  siteUrl: string,
  env: Record<string, string | undefined> = process.env,
  functionUrl?: string,
  distDir?: string,
): Promise<SmokeCheckOptions> {
  const site = (await repositoryContent()).get('site')?.[0]?.data as EntryData<'site'> | undefined
  if (!site) throw new Error('content/site.yaml could not be read: run npm run check:content')
  const supabaseUrl = env.VITE_SUPABASE_URL || undefined
  const rules = headerRules({ schedulerUrl: site.scheduler.url, supabaseUrl }, [])
  return {
    siteUrl,
    routes: (await expectedRoutes()).map((route) => route.path),
    securityHeaders: securityHeadersOf(distDir ? readBuiltHeaderRules(distDir) : rules),
    exactPolicy: !!distDir,
    feedPath: FEED_PATH,
    functionUrl:
      functionUrl ?? new URL(CONTACT_FUNCTION_PATH, supabaseUrl ?? new URL(siteUrl).origin).href,
    anonKey: env.VITE_SUPABASE_ANON_KEY || undefined,
  }
}
