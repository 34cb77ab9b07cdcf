// The smoke check (operations/smoke-check.ts, `npm run smoke`) against the build `npm test` made
// in its first stage, served as `npm start` serves it, and against the same build served with
// one security header taken out of its rules, which it must name on every page.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HeaderRule } from '../../../server/headers.ts'
import { silentLogger } from '../../../supabase/functions/send-contact-email/logger.ts'
import { serveBuildsWithFunction, type ServedBuild } from '../../../server/serve-build.ts'
import {
  POLICY_NOT_EXACT,
  securityHeaderProblems,
  smokeCheck,
  smokeOptionsFor,
  type SmokeCheckOptions,
} from '../../../operations/smoke-check.ts'
import { timeLimit } from '../../harness/time-limit.ts'
import { scratchDir } from '../helpers/scratch-dir.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../../..')
const dist = path.join(root, 'dist')
const scratch = scratchDir('smoke-check-')
const REMOVED = 'X-Content-Type-Options'

describe('the smoke check of a served build', { timeout: timeLimit(60_000) }, () => {
  let site: ServedBuild
  let broken: ServedBuild
  let close: (() => Promise<void>) | undefined
  let options: SmokeCheckOptions

  beforeAll(async () => {
    if (!existsSync(path.join(dist, 'headers.json')))
      throw new Error(`${dist} has no build: run \`npm run build\` first (npm test does)`)
    // The same pages, served with the rules of a build whose header set lost one header.
    const brokenDist = path.join(scratch(), 'dist')
    await mkdir(brokenDist, { recursive: true })
    const rules = JSON.parse(
      await readFile(path.join(dist, 'headers.json'), 'utf8'),
    ) as HeaderRule[]
    const withoutOne = rules.map(({ source, headers }) => ({
      source,
      headers: Object.fromEntries(Object.entries(headers).filter(([name]) => name !== REMOVED)),
    }))
    await writeFile(path.join(brokenDist, 'headers.json'), JSON.stringify(withoutOne))
    await writeFile(path.join(brokenDist, 'built-with.json'), '{ "basePath": "/" }')
    const served = await serveBuildsWithFunction(
      [{ distDir: dist }, { distDir: brokenDist, clientDir: path.join(dist, 'client') }],
      silentLogger,
    )
    ;[site, broken] = served.servers as [ServedBuild, ServedBuild]
    close = served.close
    options = await smokeOptionsFor(`${site.origin}/`, {})
  })
  afterAll(() => close?.())

  it('passes against the build as npm start serves it', async () => {
    expect(options.routes).toContain('/')
    expect(options.routes).toContain('/resources/articles')
    expect(options.functionUrl).toBe(`${site.origin}/functions/v1/send-contact-email`)
    const result = await smokeCheck(options)
    expect(result.failures).toEqual([])
    // Every route, the not-found page, three crawler files, an asset or more, two function calls.
    expect(result.requests).toBeGreaterThanOrEqual(options.routes.length + 1 + 3 + 1 + 2)
    // Without the build, it says which check it could not make.
    expect(result.notChecked).toEqual([POLICY_NOT_EXACT])
  })

  it('requires the build’s own headers exactly when it has the build', async () => {
    const exact = await smokeOptionsFor(`${site.origin}/`, {}, undefined, dist)
    expect(exact.exactPolicy).toBe(true)
    expect(exact.securityHeaders['Content-Security-Policy']).toMatch(/'sha256-/)
    const result = await smokeCheck(exact)
    expect(result).toMatchObject({ failures: [], notChecked: [] })
  })

  it('names every page served without a security header', async () => {
    const brokenOptions = await smokeOptionsFor(`${broken.origin}/`, {})
    const { failures } = await smokeCheck(brokenOptions)
    expect(failures).toContain(`${broken.origin}/about: no ${REMOVED} header`)
    expect(failures).toContain(`${broken.origin}/smoke-check/no-such-page: no ${REMOVED} header`)
    // Every route and the not-found page, and nothing else.
    expect(failures).toHaveLength(brokenOptions.routes.length + 1)
    expect(failures.every((failure) => failure.endsWith(`no ${REMOVED} header`))).toBe(true)
  })

  it('fails the command with the problems named, and passes it when all is well', async () => {
    const command = (url: string) =>
      run(process.execPath, ['--import', 'tsx', 'scripts/smoke.ts', url], {
        cwd: root,
        env: { ...process.env, VITE_SUPABASE_URL: '', GITHUB_ACTIONS: '' },
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      )
    const good = await command(site.origin)
    expect(good.code).toBe(0)
    expect(good.stdout).toMatch(/Smoke check passed: \d+ requests in [\d.]+ s\./)
    const bad = await command(broken.origin)
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain(`  ✗ ${broken.origin}/contact: no ${REMOVED} header`)
    expect(bad.stderr).toMatch(/Smoke check failed: \d+ problems? in \d+ requests/)
  })
})

describe('securityHeaderProblems', () => {
  const expected = {
    'Content-Security-Policy': "default-src 'none'; script-src 'self'; connect-src 'self'",
    'X-Frame-Options': 'DENY',
  }

  it('takes a policy with more sources (the build’s hashes) but not one with fewer', () => {
    const live = new Headers({
      'Content-Security-Policy':
        "default-src 'none'; script-src 'self' 'sha256-abc='; connect-src 'self'; style-src-attr 'unsafe-hashes'",
      'X-Frame-Options': 'DENY',
    })
    expect(securityHeaderProblems(live, expected)).toEqual([])
    const weaker = new Headers({
      'Content-Security-Policy': "script-src 'self' 'unsafe-inline'; connect-src *",
      'X-Frame-Options': 'SAMEORIGIN',
    })
    expect(securityHeaderProblems(weaker, expected)).toEqual([
      'Content-Security-Policy has no default-src',
      "Content-Security-Policy connect-src lacks 'self' (has: *)",
      'X-Frame-Options is "SAMEORIGIN", expected "DENY"',
    ])
  })

  it('takes no source or directive more when the policy must be the build’s exactly', () => {
    const same = new Headers(expected)
    expect(securityHeaderProblems(same, expected, true)).toEqual([])
    const more = new Headers({
      'Content-Security-Policy':
        "default-src 'none'; script-src 'self' https://cdn.example; connect-src 'self'; frame-src *",
      'X-Frame-Options': 'DENY',
    })
    expect(securityHeaderProblems(more, expected)).toEqual([])
    expect(securityHeaderProblems(more, expected, true)).toEqual([
      'Content-Security-Policy script-src has https://cdn.example, which the build did not write',
      'Content-Security-Policy has frame-src, which the build did not write',
    ])
  })
})
