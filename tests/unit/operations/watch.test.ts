// The daily watch (scripts/watch.ts, .github/workflows/watch.yml) as the workflow runs it: in a
// copy of the code holding only the packages operations/job-dependencies.ts installs, on Node 24
// when hosts/ has it (else this Node with tsx), against the build `npm test` made in its first
// stage, served as the live site, and a fake contact function on another origin answering each
// case: healthy, leads stuck, retries run out, a wrong secret, no answer, a broken page; and the
// deploy workflow's plan, which installs the same packages. Without Node 24, TypeScript checks
// instead that every file they run is one Node can strip.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { appendFile, cp, readFile, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import path from 'node:path'
import { promisify } from 'node:util'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HeaderRule } from '../../../server/headers.ts'
import { listenOnLoopback, type LoopbackServer } from '../../../server/listen-on-loopback.ts'
import type { UnsentCounts } from '../../../supabase/functions/send-contact-email/lead-store.ts'
import { RELEASE_HELD_HEADER } from '../../../supabase/functions/send-contact-email/config.ts'
import { CONTACT_FUNCTION_PATH } from '../../../supabase/functions/_shared/function-name.ts'
import { buildRequestHandler } from '../../../server/serve-build.ts'
import { HOSTS_NODE } from '../../../operations/hosts.ts'
import { timeLimit } from '../../harness/time-limit.ts'
import { jobCommand, jobInputs } from '../helpers/daily-jobs.ts'
import { scratchDir } from '../helpers/scratch-dir.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../../..')
const dist = path.join(root, 'dist')
const scratch = scratchDir('watch-')
const TOKEN = 'w'.repeat(40)
/** What the watch's copy of the code needs besides node_modules. */
const CODE = [
  'builder',
  'content',
  'operations',
  'scripts',
  'server',
  'site',
  'supabase',
  'package.json',
]

const none: UnsentCounts['unsentOverAnHour'] = { failed: 0, held: 0, received: 0 }
const counts = (over: Partial<UnsentCounts> = {}): UnsentCounts => ({
  unsentOverAnHour: none,
  gaveUp: 0,
  oldestUnsentAt: null,
  checkedAt: new Date().toISOString(),
  ...over,
})

/** How the fake production answers, set by each case. */
let functionMode: 'counts' | 'no-answer' = 'counts'
let answeredCounts: UnsentCounts & { example?: string } = counts()
let brokenPath: string | null = null
const tokensSeen: (string | undefined)[] = []

describe('the daily watch', { timeout: timeLimit(120_000) }, () => {
  let site: LoopbackServer
  let fakeFunction: LoopbackServer
  let project: string

  beforeAll(async () => {
    if (!existsSync(path.join(dist, 'headers.json')))
      throw new Error(`${dist} has no build: run \`npm run build\` first (npm test does)`)
    fakeFunction = await listenOnLoopback(
      createServer((req, res) => {
        if (functionMode === 'no-answer') return void req.socket.destroy()
        const origin = req.headers.origin
        const cors = origin ? { 'access-control-allow-origin': origin } : {}
        if (new URL(req.url ?? '/', 'http://x').pathname !== CONTACT_FUNCTION_PATH) {
          res.writeHead(404).end()
        } else if (req.method === 'OPTIONS') {
          res.writeHead(204, { ...cors, 'access-control-allow-methods': 'POST, GET, OPTIONS' })
          res.end()
        } else if (req.method === 'POST') {
          // The smoke check's empty body: refused as the real function refuses it.
          res.writeHead(400, { ...cors, 'content-type': 'application/json' })
          res.end('{"error":"The request body is not JSON."}')
        } else {
          const token = req.headers[RELEASE_HELD_HEADER] as string | undefined
          tokensSeen.push(token)
          if (token !== TOKEN) return void res.writeHead(403).end('{"error":"forbidden"}')
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(JSON.stringify(answeredCounts))
        }
      }),
    )
    // The build as deployed with VITE_SUPABASE_URL naming the fake function: its policy lets
    // pages call that origin.
    const siteDist = path.join(scratch(), 'dist')
    await cp(path.join(dist, 'built-with.json'), path.join(siteDist, 'built-with.json'))
    const rules = JSON.parse(
      await readFile(path.join(dist, 'headers.json'), 'utf8'),
    ) as HeaderRule[]
    const withFunction = rules.map(({ source, headers }) => ({
      source,
      headers: Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [
          name,
          name === 'Content-Security-Policy'
            ? value.replace("connect-src 'self'", `connect-src 'self' ${fakeFunction.origin}`)
            : value,
        ]),
      ),
    }))
    await writeFile(path.join(siteDist, 'headers.json'), JSON.stringify(withFunction))
    const handler = buildRequestHandler(siteDist, { clientDir: path.join(dist, 'client') })
    site = await listenOnLoopback(
      createServer((req, res) => {
        if (brokenPath && req.url === brokenPath) return void res.writeHead(500).end('broken')
        handler(req, res)
      }),
    )

    // The workflow's install: the watch's packages only, from this repository's lockfile.
    project = path.join(scratch(), 'project')
    for (const entry of CODE)
      await cp(path.join(root, entry), path.join(project, entry), { recursive: true })
    const deps = path.join(scratch(), 'deps')
    await run(process.execPath, ['--import', 'tsx', 'operations/job-dependencies.ts', deps], {
      cwd: root,
    })
    await run('npm', ['ci', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: deps,
    })
    await cp(path.join(deps, 'node_modules'), path.join(project, 'node_modules'), {
      recursive: true,
    })
  })
  afterAll(async () => {
    await site?.close()
    await fakeFunction?.close()
  })

  async function watchRun(name: string, env: Record<string, string> = {}) {
    const command = jobCommand('scripts/watch.ts')
    const result = await run(command[0]!, command.slice(1), {
      cwd: project,
      env: {
        PATH: process.env.PATH,
        GITHUB_ACTIONS: 'true',
        GITHUB_REPOSITORY: 'owner/site',
        PRODUCTION_REPOSITORY: 'owner/site',
        SITE_URL: `${site.origin}/`,
        VITE_SUPABASE_URL: fakeFunction.origin,
        RELEASE_HELD_TOKEN: TOKEN,
        ...env,
      },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    )
    // `WATCH_TRANSCRIPT=<file>` keeps each case's output (the closing note quotes it).
    if (process.env.WATCH_TRANSCRIPT)
      await appendFile(
        process.env.WATCH_TRANSCRIPT,
        `### ${name} (exit ${result.code})\n\n\`\`\`\n${(result.stdout + result.stderr).trim()}\n\`\`\`\n\n`,
      )
    // Nothing secret or personal in the log, whatever the case.
    expect(result.stdout + result.stderr).not.toContain(TOKEN)
    expect(result.stdout + result.stderr).not.toMatch(/jane/i)
    return result
  }

  it('passes when the site is whole and no lead waits', async () => {
    tokensSeen.length = 0
    const result = await watchRun('healthy')
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('')
    expect(result.stdout).toMatch(
      new RegExp(
        `^Watch at \\S+Z: ${site.origin}/ passed its smoke check \\(\\d+ requests\\) and no lead is unsent for more than an hour\\.\\n$`,
      ),
    )
    expect(tokensSeen).toEqual([TOKEN])
  })

  it('fails with the count of stuck leads and since when, and no lead in the log', async () => {
    answeredCounts = {
      ...counts({
        unsentOverAnHour: { failed: 1, held: 2, received: 1 },
        oldestUnsentAt: '2026-11-27T08:00:00.000Z',
      }),
      // A function that said more than counts: the watch prints none of its answer.
      example: 'Jane Doe <jane@example.com>',
    }
    const result = await watchRun('leads stuck (failed, held, received)')
    expect(result.code).toBe(1)
    const sentence =
      '4 leads are unsent for more than an hour (1 failed, 2 held, 1 received), the oldest waiting since 2026-11-27T08:00:00.000Z: see npm run leads -- --remote, and npm run leads:retry -- --remote once the cause is fixed.'
    expect(result.stderr.trim()).toBe(sentence)
    expect(result.stdout.trim()).toBe(`::error title=Watch::${sentence}`)
  })

  it('fails when retries ran out', async () => {
    answeredCounts = counts({
      unsentOverAnHour: { failed: 2, held: 0, received: 0 },
      gaveUp: 2,
      oldestUnsentAt: '2026-11-20T09:30:00.000Z',
    })
    const result = await watchRun('retries ran out (gaveUp > 0)')
    expect(result.code).toBe(1)
    expect(result.stderr.trim()).toBe(
      '2 leads are unsent for more than an hour (2 failed, 0 held, 0 received; 2 failed ones have no retry left), the oldest waiting since 2026-11-20T09:30:00.000Z: see npm run leads -- --remote, and npm run leads:retry -- --remote once the cause is fixed.',
    )
  })

  it('fails when the function refuses the secret', async () => {
    answeredCounts = counts()
    const result = await watchRun('wrong secret (403)', {
      RELEASE_HELD_TOKEN: 'x'.repeat(40),
      WATCH_LAST_HEALTHY_AT: '2026-11-27T12:43:09Z',
    })
    expect(result.code).toBe(1)
    expect(result.stderr.trim()).toMatch(
      new RegExp(
        `^The function at ${fakeFunction.origin}${CONTACT_FUNCTION_PATH} refused the secret \\(403\\): the RELEASE_HELD_TOKEN used here differs from the function's, or the function has none set, since some time between the last healthy watch at 2026-11-27T12:43:09Z and \\S+Z\\.$`,
      ),
    )
  })

  it('fails when the function does not answer, naming the site check and the counts', async () => {
    functionMode = 'no-answer'
    try {
      const result = await watchRun('function down')
      expect(result.code).toBe(1)
      const sentences = result.stderr.split('\n').filter((line) => line && !line.startsWith('  ✗'))
      expect(sentences).toEqual([
        expect.stringMatching(
          new RegExp(
            `^The live site ${site.origin}/ fails its smoke check at \\S+Z \\(no earlier healthy watch on record\\): 2 problems, the first: ${fakeFunction.origin}${CONTACT_FUNCTION_PATH}: no answer \\(.+\\)\\.$`,
          ),
        ),
        expect.stringMatching(
          new RegExp(
            `^The function at ${fakeFunction.origin}${CONTACT_FUNCTION_PATH} did not answer \\(.+\\), at \\S+Z \\(no earlier healthy watch on record\\)\\.$`,
          ),
        ),
      ])
    } finally {
      functionMode = 'counts'
    }
  })

  it('fails when a page of the live site is broken, naming it', async () => {
    brokenPath = '/about'
    try {
      const result = await watchRun('site broken (a page answers 500)')
      expect(result.code).toBe(1)
      expect(result.stderr).toContain(`  ✗ ${site.origin}/about: answered 500, expected 200\n`)
      expect(result.stderr).toMatch(
        new RegExp(
          `\\nThe live site ${site.origin}/ fails its smoke check at \\S+Z \\(no earlier healthy watch on record\\): 1 problem, the first: ${site.origin}/about: answered 500, expected 200\\.\\n$`,
        ),
      )
    } finally {
      brokenPath = null
    }
  })

  it('names the settings it lacks in production, and skips where nothing is deployed', async () => {
    const lacking = await watchRun('settings missing in production', { RELEASE_HELD_TOKEN: '' })
    expect(lacking.code).toBe(1)
    expect(lacking.stderr.trim()).toBe(
      'Set RELEASE_HELD_TOKEN as a repository setting (docs/deploy.md, "The daily watch"): the watch checks nothing without it.',
    )
    const copy = await watchRun('a copy that deploys nothing', {
      PRODUCTION_REPOSITORY: '',
      SITE_URL: '',
      VITE_SUPABASE_URL: '',
      RELEASE_HELD_TOKEN: '',
    })
    expect(copy.code).toBe(0)
    expect(copy.stdout).toMatch(/^::notice title=Watch skipped::Nothing is deployed/)
  })

  // The deploy workflow's first job installs the same packages (operations/job-dependencies.ts).
  it('leaves the run’s plan (ci.yml) all it needs: its commit, its day, and whether the live site lacks a page', async () => {
    const command = jobCommand('scripts/deploy/plan.ts')
    const plan = (env: Record<string, string>) =>
      run(command[0]!, command.slice(1), { cwd: project, env: { PATH: process.env.PATH, ...env } })
    const sha = '0123456789abcdef0123456789abcdef01234567'
    const push = await plan({
      GITHUB_EVENT_NAME: 'push',
      GITHUB_SHA: sha,
      BUILD_DATE: '2026-10-28',
    })
    expect(push.stdout).toBe(`commit=${sha}\nrollback=false\nbuild-date=2026-10-28\ndeploy=true\n`)
    // The build served here lists every page dated up to today: nothing is due on that day.
    const daily = await plan({
      GITHUB_EVENT_NAME: 'schedule',
      BUILD_DATE: '2026-10-28',
      SITE_URL: `${site.origin}/`,
    })
    expect(daily.stdout).toContain('::notice title=Site deploy skipped::')
    expect(daily.stdout).toMatch(/deploy=false\n$/)
  })

  it.skipIf(existsSync(HOSTS_NODE))(
    'runs files Node 24 strips as they are (no enum, no parameter property…)',
    async () => {
      const files = Object.keys(await jobInputs())
        .filter((file) => !file.includes('node_modules/'))
        .map((file) => path.join(root, file))
      const program = ts.createProgram(files, {
        erasableSyntaxOnly: true,
        noEmit: true,
        noResolve: true,
        types: [],
        allowImportingTsExtensions: true,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
      })
      // TS1294: "This syntax is not allowed when 'erasableSyntaxOnly' is enabled."
      const unstrippable = files.flatMap((file) =>
        program
          .getSemanticDiagnostics(program.getSourceFile(file))
          .filter((diagnostic) => diagnostic.code === 1294)
          .map((diagnostic) => path.relative(root, diagnostic.file!.fileName)),
      )
      expect(unstrippable).toEqual([])
    },
  )
})
