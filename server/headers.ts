// The one source of the site's HTTP response headers: security policy and caching, and how a
// request path picks its rules. The build writes these rules into the static hosts' files
// (builder/outputs/hosting-headers.ts) and as JSON for the local server (./static.ts), so every
// host sends the same headers. Two sections: the public site, and the writers' editor at /admin
// (site/editor.ts), which needs a policy of its own (it talks to GitHub, and Decap evaluates
// code) and must be kept out of search engines.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { BUILD_OUTPUTS, outputFolder } from '../site/build-outputs.ts'
import { EDITOR_PATH } from '../site/editor.ts'

/** What the policy has to allow: only what the site actually does. */
export interface PolicyInput {
  /** The booking dialog's embedded scheduler page (content/site.yaml `scheduler.url`). */
  schedulerUrl: string
  /** The Supabase project the forms call (VITE_SUPABASE_URL); unset means this origin. */
  supabaseUrl?: string
  /**
   * sha256 sources ('sha256-…') of the inline <script> elements the renderer writes
   * (renderer/inline-sources.ts, hashed by builder/outputs/inline-sources.ts): never gathered from
   * the pages, which the build checks hold no other.
   */
  scriptHashes?: string[]
  /** sha256 sources of the inline <style> elements the renderer writes or React Aria adds. */
  styleHashes?: string[]
  /** What the editor at /admin talks to (builder/admin/backend-env.ts). */
  editor?: EditorPolicyInput
}

/** The services the editor's page reaches, besides its own origin. */
export interface EditorPolicyInput {
  /** GitHub's REST API (Decap's `api_root`); https://api.github.com unless a fake is named. */
  githubApiUrl?: string
  /** The project whose github-oauth function the sign-in trades its code with (VITE_SUPABASE_URL). */
  signInExchangeUrl?: string
}

/**
 * A header rule in the static hosts' shape: a path pattern (exact, or a prefix ending in *, read
 * as `matches` says) and, in `except`, patterns of later rules whose paths it leaves to them
 * (hosts that cannot say "except" are told to drop its headers there:
 * builder/outputs/hosting-headers.ts).
 */
export interface HeaderRule {
  source: string
  except?: string[]
  headers: Record<string, string>
}

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate'
/** Files addressed to the static hosts (rules, not pages): never served, never given headers. */
export const HOSTING_FILES = ['_headers', '_redirects', 'vercel.json']
/** The pattern of the public site's rule: every path outside the editor's section. */
const EVERY_PATH = '/*'
/** Below the editor's page: /admin/ and every path under it. */
const BELOW_EDITOR = `${EDITOR_PATH}/*`
/**
 * The editor's section: its page's exact path and the paths below it, never a prefix of the
 * name, which would give a public page such as /administration the editor's headers.
 */
const EDITOR_SECTION = [EDITOR_PATH, BELOW_EDITOR]
/** Decap's own answer when no api_root is configured. */
const GITHUB_API = 'https://api.github.com'
/** Where GitHub serves the signed-in writer's picture (Decap's header shows it). */
const GITHUB_AVATARS = 'https://avatars.githubusercontent.com'

const origin = (url: string) => new URL(url).origin
const unique = (values: string[]) => [...new Set(values)].sort()
/** The CSP source for a piece of inline text, e.g. 'sha256-…'. */
export const cspHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
const policyText = (directives: [string, string[]][]) =>
  directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ')

export function contentSecurityPolicy(input: PolicyInput): string {
  const directives: [string, string[]][] = [
    // Everything not listed below is refused.
    ['default-src', ["'none'"]],
    // 'wasm-unsafe-eval' lets the site search (Pagefind, fetched from /pagefind/ on the first
    // search) compile its WebAssembly; it allows no JavaScript eval.
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...unique(input.scriptHashes ?? [])]],
    // No 'unsafe-inline' and no 'unsafe-hashes': style attributes written in the HTML are
    // refused (the renderer writes none), while those a script sets through the DOM apply.
    ['style-src', ["'self'", ...unique(input.styleHashes ?? [])]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', unique(["'self'", ...(input.supabaseUrl ? [origin(input.supabaseUrl)] : [])])],
    ['frame-src', [origin(input.schedulerUrl)]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ]
  return policyText(directives)
}

/**
 * The editor's policy (admin/main.tsx, Decap CMS 3): every source says why. Tried on the built
 * editor: without 'unsafe-eval' it never shows its sign-in; without 'unsafe-inline' in style-src
 * it is shown unstyled, with a violation for each style. Its own section of the site, so nothing
 * here reaches a public page.
 */
export function editorContentSecurityPolicy(editor: EditorPolicyInput = {}): string {
  return policyText(editorDirectives(editor))
}

function editorDirectives(editor: EditorPolicyInput): [string, string[]][] {
  return [
    ['default-src', ["'none'"]],
    // Its own bundle only. 'unsafe-eval': Decap validates its configuration with Ajv, which
    // compiles each schema with new Function() (decaporg/decap-cms#2138, open since 2019).
    ['script-src', ["'self'", "'unsafe-eval'"]],
    // 'unsafe-inline': Decap styles itself with Emotion, which writes <style> elements at run
    // time with generated class names, and its widgets set style attributes: neither can be
    // hashed ahead.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Signed in: the writer's avatar from GitHub; pictures of the repository, which the GitHub
    // backend fetches through the API and shows as blob: addresses, as it does a picture just
    // uploaded (URL.createObjectURL); data: for a picture written inline in a body, which the
    // body's preview keeps (its sanitizer lets data:image/* through).
    ['img-src', ["'self'", 'data:', 'blob:', GITHUB_AVATARS]],
    // config.json and the content index from this origin; the repository through GitHub's API;
    // the sign-in's callback page posts GitHub's code to the github-oauth function for the
    // token (docs/editing-ui.md), on this origin without a project (`npm start`). blob: for a
    // picture the writer has just chosen: Decap reads it back from its blob: address to encode
    // it for the save (AssetProxy.toBase64); without it the upload is never saved.
    [
      'connect-src',
      unique([
        "'self'",
        'blob:',
        origin(editor.githubApiUrl ?? GITHUB_API),
        ...(editor.signInExchangeUrl ? [origin(editor.signInExchangeUrl)] : []),
      ]),
    ],
    // The preview pane: the site's own pages, if it frames them (Decap's own pane is an
    // about:srcdoc frame, which the policy does not block).
    ['frame-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    // Decap posts no form; every save is a fetch.
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ]
}

/** What Vite's dev client needs on the dev server's /admin (builder/vite/admin-plugin.ts). */
export interface DevClientPolicyInput {
  /** The dev server's origin as the page reached it (http://127.0.0.1:5173). */
  origin: string
  /** The inline scripts Vite's HTML pipeline writes into the page, by their text. */
  inlineScripts: string[]
}

/**
 * The editor's policy on the dev server: the production editor's, plus only what Vite's dev
 * client needs, each source said here. Its modules (/@vite/client, /@react-refresh, the editor's
 * own, transformed on request) come from the dev server's origin, which 'self' already allows.
 */
export function devEditorContentSecurityPolicy(
  editor: EditorPolicyInput,
  dev: DevClientPolicyInput,
): string {
  const added: Record<string, string[]> = {
    // React Fast Refresh's preamble (@vitejs/plugin-react), an inline module script that must
    // run before the editor's first module: allowed by its hash alone.
    'script-src': unique(dev.inlineScripts.map(cspHash)),
    // The dev client's hot-update socket, on the dev server's own host and port (ws: is not
    // 'self' in every browser).
    'connect-src': [dev.origin.replace(/^http/, 'ws')],
  }
  return policyText(
    editorDirectives(editor).map(([name, sources]) => [name, [...sources, ...(added[name] ?? [])]]),
  )
}

/** Headers every answer carries, whichever section it is in. */
const TRANSPORT_HEADERS = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  'Cross-Origin-Resource-Policy': 'same-origin',
  // For browsers without CSP frame-ancestors.
  'X-Frame-Options': 'DENY',
} as const

/**
 * The editor's section. No Cross-Origin-Opener-Policy here: the sign-in popup's last page, on
 * this origin (/admin/callback), must keep its `window.opener` to hand the token over, and a
 * page with COOP same-origin (or same-origin-allow-popups) reached from the OAuth exchange's
 * origin is put in a new browsing context group, which cuts it. The editor's own page gets
 * its COOP from EDITOR_PAGE_HEADERS.
 */
function editorHeaders(input: PolicyInput): Record<string, string> {
  return {
    'Content-Security-Policy': editorContentSecurityPolicy(input.editor),
    ...TRANSPORT_HEADERS,
    // Not for search engines: neither the page nor its files.
    'X-Robots-Tag': 'noindex',
  }
}

/**
 * The editor's page itself: same-origin-allow-popups keeps other sites' windows away from it
 * (as same-origin does for the public pages) while the popup it opens for the sign-in, which
 * sets no COOP, keeps its opener through the exchange and GitHub and back.
 */
const EDITOR_PAGE_HEADERS = { 'Cross-Origin-Opener-Policy': 'same-origin-allow-popups' }

/** Headers every public answer carries. */
function securityHeaders(input: PolicyInput): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(input),
    'Strict-Transport-Security': TRANSPORT_HEADERS['Strict-Transport-Security'],
    'X-Content-Type-Options': TRANSPORT_HEADERS['X-Content-Type-Options'],
    'Referrer-Policy': TRANSPORT_HEADERS['Referrer-Policy'],
    'Permissions-Policy': TRANSPORT_HEADERS['Permissions-Policy'],
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': TRANSPORT_HEADERS['Cross-Origin-Resource-Policy'],
    'X-Frame-Options': TRANSPORT_HEADERS['X-Frame-Options'],
  }
}

/** The folders of content-hashed files: Vite's for the public pages, and the editor's own. */
export const HASHED_ASSET_FOLDERS = [
  outputFolder(BUILD_OUTPUTS.assets),
  `${outputFolder(BUILD_OUTPUTS.editor)}${outputFolder(BUILD_OUTPUTS.assets)}`,
]

/**
 * The rules for a built site. `revalidatedPaths` are the addresses of everything outside the
 * hashed folders (pages and public files): each is revalidated on every visit. No two rules that
 * match the same path set the same header, because Netlify and Cloudflare join such values: the
 * public site's security headers apply everywhere but the editor's section, which has its own.
 */
export function headerRules(input: PolicyInput, revalidatedPaths: string[]): HeaderRule[] {
  return [
    { source: EVERY_PATH, except: EDITOR_SECTION, headers: securityHeaders(input) },
    { source: EDITOR_PATH, headers: { ...editorHeaders(input), ...EDITOR_PAGE_HEADERS } },
    { source: BELOW_EDITOR, headers: editorHeaders(input) },
    ...HASHED_ASSET_FOLDERS.map((folder) => ({
      source: `/${folder}*`,
      headers: { 'Cache-Control': CACHE_IMMUTABLE },
    })),
    ...unique(revalidatedPaths).map((source) => ({
      source,
      headers: { 'Cache-Control': CACHE_REVALIDATE },
    })),
  ]
}

/**
 * Whether a pattern matches a request path the way Cloudflare, the deploy host, reads `_headers`
 * (workers-shared's generateRulesMatcher): a pattern ending in * is a prefix (the rules hold no
 * other *); any other is that path alone. So /admin is neither /admin/ nor /administration, and
 * /admin/* takes /admin/.
 */
export function matches(source: string, pathname: string): boolean {
  return source.endsWith('*') ? pathname.startsWith(source.slice(0, -1)) : source === pathname
}

/** Whether a rule applies to a request path: its pattern matches, and none of its exceptions. */
export function ruleApplies(rule: HeaderRule, pathname: string): boolean {
  return (
    matches(rule.source, pathname) && !(rule.except ?? []).some((away) => matches(away, pathname))
  )
}

/** The headers for one request path: every rule that applies, in order. */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  return Object.assign(
    {},
    ...rules.filter((rule) => ruleApplies(rule, pathname)).map((rule) => rule.headers),
  )
}

/**
 * The public site's security headers. The local server sends them on answers that are not files
 * (405, 400, 413, the function's, a last-resort 500).
 */
export function securityHeadersOf(rules: HeaderRule[]): Record<string, string> {
  return Object.assign(
    {},
    ...rules.filter((rule) => rule.source === EVERY_PATH).map((rule) => rule.headers),
  )
}

/** The header rules the build wrote for this site (dist/headers.json), as the hosts get them. */
export function readBuiltHeaderRules(distDir = path.resolve('dist')): HeaderRule[] {
  const file = path.join(distDir, 'headers.json')
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`)
  return JSON.parse(readFileSync(file, 'utf8')) as HeaderRule[]
}
