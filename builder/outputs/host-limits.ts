// Cloudflare's limits on what the build hands it (Workers static assets, the deploy host:
// docs/deploy.md). Past them the host cuts silently: Wrangler prints "Skipping remaining lines"
// and drops rules, or refuses the upload. The build checks each one and stops instead, naming
// the count and the limit. The numbers are those of Cloudflare's documentation (Workers limits,
// Pages redirects) and of the parser Wrangler and the edge share (workers-shared's
// utils/configuration/constants.ts): for `_redirects` lines the edge takes 1,000 characters,
// where Wrangler's local parser takes 2,000, so the smaller one is the limit.
import { stat } from 'node:fs/promises'
import path from 'node:path'

export const HOST_LIMITS = {
  headersFile: { rules: 100, lineCharacters: 2000 },
  redirectsFile: { dynamicRules: 100, staticRules: 2000, lineCharacters: 1000 },
  /** The Workers Free plan's (Paid: 100,000 files); the size is the same on every plan. */
  assets: { files: 20_000, bytesPerFile: 25 * 1024 * 1024 },
} as const

/** A `_redirects` source with a splat or a placeholder: Cloudflare counts these apart. */
export const isDynamicRedirect = (source: string) => /\*|:[A-Za-z]\w*/.test(source)

/**
 * The rules of a `_redirects` text as Cloudflare counts them: a static rule after the first
 * dynamic one counts as dynamic too (it must be tried in its place, after that one).
 */
export function countRedirectRules(text: string): { static: number; dynamic: number } {
  const sources = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(/\s+/)[0] ?? '')
  const firstDynamic = sources.findIndex(isDynamicRedirect)
  const staticRules = firstDynamic === -1 ? sources.length : firstDynamic
  return { static: staticRules, dynamic: sources.length - staticRules }
}

/** Throws, naming the count and the limit, when Cloudflare would drop rules of `_redirects`. */
export function checkRedirectsFile(text: string): void {
  const { dynamicRules, staticRules, lineCharacters } = HOST_LIMITS.redirectsFile
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
  const long = rules.find((line) => line.length > lineCharacters)
  if (long)
    throw new Error(
      `a _redirects rule is ${long.length} characters, over Cloudflare's ${lineCharacters}: ${long.slice(0, 80)}…`,
    )
  const counted = countRedirectRules(text)
  if (counted.dynamic > dynamicRules)
    throw new Error(
      `_redirects would hold ${counted.dynamic} dynamic rules (a splat, a placeholder, or after one); Cloudflare applies at most ${dynamicRules}: see builder/outputs/hosting-redirects.ts`,
    )
  if (counted.static > staticRules)
    throw new Error(
      `_redirects would hold ${counted.static} static rules; Cloudflare applies at most ${staticRules}: see builder/outputs/hosting-redirects.ts`,
    )
}

/**
 * Throws, naming the count or the file and the limit, when Cloudflare would refuse the assets:
 * `files` are the uploaded ones, relative to `clientDir`.
 */
export async function checkAssets(clientDir: string, files: readonly string[]): Promise<void> {
  const { files: most, bytesPerFile } = HOST_LIMITS.assets
  if (files.length > most)
    throw new Error(
      `the site has ${files.length.toLocaleString('en-US')} files; Cloudflare's Workers static assets take at most ${most.toLocaleString('en-US')} (Free plan)`,
    )
  const sizes = await Promise.all(
    files.map(async (file) => ({ file, bytes: (await stat(path.join(clientDir, file))).size })),
  )
  const large = sizes.find(({ bytes }) => bytes > bytesPerFile)
  if (large)
    throw new Error(
      `${large.file} is ${large.bytes.toLocaleString('en-US')} bytes; Cloudflare's Workers static assets take at most ${bytesPerFile.toLocaleString('en-US')} (25 MiB) a file`,
    )
}
