// Serves the prerendered site from dist/client the way a static host does: /about answers with
// about/index.html, every response carries the headers of the build's header rules (security
// and caching, from server/headers.ts), text is compressed, and an unknown path goes through the
// route guard: an HTTP redirect, or the prerendered 404 page with status 404. A site built under
// a base path (renderer/base-path.ts) answers under it only: /repo/pr-12/about is about/index.html,
// the base without its slash is redirected to it, and every other path is not found.
import compressible from 'compressible'
import { createReadStream } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { contentType, lookup } from 'mime-types'
import { withBase, withoutBase } from '../renderer/base-path.ts'
import { guardRoute, redirectLocation } from '../renderer/guard.ts'
import { consoleLogger, type Logger } from '../supabase/functions/send-contact-email/logger.ts'
import { headersFor, HOSTING_FILES, securityHeadersOf, type HeaderRule } from './headers.ts'
import { parseRequestTarget } from './request-target.ts'

/**
 * A file's Content-Type and whether it is worth compressing, from mime-db (the table Express
 * and most Node servers use) rather than a hand list: a list missed .avif. Unknown types are
 * neither named nor compressed (Pagefind's pf_* files are gzipped already).
 */
function typeOf(file: string): { contentType: string; compress: boolean } {
  const type = lookup(file)
  if (!type) return { contentType: 'application/octet-stream', compress: false }
  return { contentType: contentType(type) || type, compress: compressible(type) === true }
}

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * Brotli's best (quality 11) costs about 2.5 µs a byte: nothing for a page or its scripts, 7.8 s
 * of CPU for the editor's 3 MB bundle (2026-11-28), which the first visitor of /admin waited
 * for. Above this size, quality 9: 0.3 s for that bundle, 10 % larger.
 */
const BEST_BROTLI_UP_TO_BYTES = 256 * 1024

/** `raw` compressed in the thread pool, so the server answers other requests meanwhile. */
function compress(raw: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  if (encoding === 'gzip') return gzipped(raw, { level: 9 })
  const quality = raw.length <= BEST_BROTLI_UP_TO_BYTES ? 11 : 9
  return brotli(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  })
}

export interface StaticSite {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>
}

/** The address a file answers at: about/index.html at /about, favicon.svg at /favicon.svg. */
function addressOf(relative: string): string {
  const address = '/' + relative.split(path.sep).join('/')
  return address === '/index.html' ? '/' : address.replace(/\/index\.html$/, '')
}

/**
 * `logger` gets one line per guard decision: the path, what was done, the rule and the target.
 * `basePath`: the path the build was made for (server/built-with.ts); `rules` are the site's at "/".
 */
export function createStaticSite(
  root: string,
  rules: HeaderRule[],
  logger: Logger = consoleLogger,
  basePath = '/',
): StaticSite {
  // Each file compressed once per encoding; a request that comes while it is being compressed
  // waits for that one.
  const compressed = new Map<string, Promise<Buffer>>()
  // The route list is the set of prerendered pages: every index.html under the root.
  let routes: Promise<string[]> | undefined
  const listRoutes = () => (routes ??= listPrerenderedRoutes(root))

  async function resolveFile(pathname: string): Promise<string | undefined> {
    // "//about" is no file's address, nor is "/about/" (Cloudflare's drop-trailing-slash
    // redirects it, scripts/deploy/site.ts): the route guard answers each with the canonical one.
    if (pathname.includes('//') || (pathname !== '/' && pathname.endsWith('/'))) return undefined
    const decoded = safeDecode(pathname)
    if (decoded === undefined || decoded.includes('\0')) return undefined
    const target = path.join(root, path.normalize(decoded))
    if (target !== root && !target.startsWith(root + path.sep)) return undefined
    if (HOSTING_FILES.includes(path.relative(root, target))) return undefined
    // /admin/callback is admin/callback.html, as Cloudflare's static assets answer it.
    for (const candidate of [target, path.join(target, 'index.html'), `${target}.html`]) {
      const info = await stat(candidate).catch(() => undefined)
      if (info?.isFile()) return candidate
    }
    return undefined
  }

  async function send(req: IncomingMessage, res: ServerResponse, file: string, status: number) {
    const type = typeOf(file)
    const relative = path.relative(root, file)
    res.statusCode = status
    res.setHeader('Content-Type', type.contentType)
    setRuleHeaders(res, addressOf(relative))
    res.setHeader('Vary', 'Accept-Encoding')
    const accepts = String(req.headers['accept-encoding'] ?? '')
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined
    if (encoding && type.compress) {
      const key = `${encoding}:${file}`
      let pending = compressed.get(key)
      if (!pending) {
        pending = readFile(file).then((raw) => compress(raw, encoding))
        compressed.set(key, pending)
        // A failed read is not kept: the next request tries again.
        pending.catch(() => compressed.delete(key))
      }
      const body = await pending
      res.setHeader('Content-Encoding', encoding)
      res.setHeader('Content-Length', body.length)
      res.end(req.method === 'HEAD' ? undefined : body)
      return
    }
    res.setHeader('Content-Length', (await stat(file)).size)
    if (req.method === 'HEAD') res.end()
    // pipeline, not pipe: a read error reaches the caller instead of ending the process.
    else await pipeline(createReadStream(file), res)
  }

  const everyPathHeaders = Object.keys(securityHeadersOf(rules))

  /**
   * The headers of `address`'s rules, and none of the every-path headers the edge set first
   * (./http-edge.ts) that its rules leave out: below the editor's page (/admin/…) no COOP is
   * sent, so its sign-in popup keeps its opener, as the hosts' files say.
   */
  function setRuleHeaders(res: ServerResponse, address: string) {
    const own = headersFor(rules, address)
    for (const name of everyPathHeaders) if (!Object.hasOwn(own, name)) res.removeHeader(name)
    for (const [name, value] of Object.entries(own)) res.setHeader(name, value)
  }

  return {
    async handle(req, res) {
      const target = parseRequestTarget(req.url)
      if (!target.ok) {
        res.writeHead(target.status, securityHeadersOf(rules)).end()
        return
      }
      const { search } = target
      // The address inside the site; outside the base, none.
      const pathname = withoutBase(target.pathname, basePath)
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { ...headersFor(rules, pathname ?? '/'), Allow: 'GET, HEAD' }).end()
        return
      }
      if (pathname === undefined) {
        // The base without its trailing slash: the site's home, where its addresses resolve.
        if (`${target.pathname}/` === basePath) {
          res.writeHead(301, { ...headersFor(rules, '/'), Location: basePath + search }).end()
          return
        }
        logger.info('route-guard', {
          path: target.pathname,
          action: 'not-found',
          rule: 'outside-base',
        })
        return send(req, res, path.join(root, '404.html'), 404)
      }
      const file = await resolveFile(pathname)
      if (file) return send(req, res, file, 200)
      const decision = guardRoute(pathname, search, await listRoutes())
      if (decision.action === 'redirect') {
        // A canonical spelling is permanent; the other targets depend on today's route list.
        const status = decision.reason === 'canonical' ? 301 : 302
        // The guard decides inside the site; the browser is sent, and told, the full address.
        const location = redirectLocation(
          { ...decision, to: withBase(decision.to, basePath) },
          target.pathname,
          search,
        )
        logger.info('route-guard', {
          path: pathname,
          action: 'redirect',
          rule: decision.reason,
          target: decision.to,
          status,
        })
        setRuleHeaders(res, pathname)
        res.writeHead(status, { Location: location, 'Cache-Control': 'no-cache' }).end()
        return
      }
      // A listed route whose file is gone is a broken build, not a visitor's mistake.
      const rule = decision.action === 'not-found' ? decision.reason : 'file-missing'
      logger.info('route-guard', { path: pathname, action: 'not-found', rule })
      return send(req, res, path.join(root, '404.html'), 404)
    },
  }
}

async function listPrerenderedRoutes(root: string): Promise<string[]> {
  const files = await readdir(root, { recursive: true }).catch(() => [] as string[])
  return files
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
    .map((file) => '/' + file.replace(/\/?index\.html$/, ''))
}

function safeDecode(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname)
  } catch {
    return undefined
  }
}
