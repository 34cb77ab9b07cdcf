// A build served by Cloudflare's own runtime: `wrangler dev --local` (workerd with the asset
// worker production runs, `_headers` and `_redirects` included) on a copy of dist/client, with
// the files `npm run deploy:site` writes for Wrangler (scripts/deploy/site.ts host-files), on
// 127.0.0.1 at free ports, offline. Wrangler runs under the registry's Node of hosts/
// (../../operations/hosts.ts), never this machine's. Everything it writes (its state, logs, settings) goes to
// a temporary folder, removed by stop().
import { execFile, spawn } from 'node:child_process'
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { countRedirectRules } from '../../builder/outputs/host-limits.ts'
import { HOSTS_NODE, WRANGLER_CLI } from '../../operations/hosts.ts'

const execFileAsync = promisify(execFile)
const siteRoot = path.resolve(import.meta.dirname, '../..')

export interface WorkerdSite {
  origin: string
  /** Everything Wrangler printed so far. */
  output(): string
  stop(): Promise<void>
}

/** A port free on 127.0.0.1 now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * dist/client of `distDir` copied into a fresh folder (hard links where the file system allows:
 * no bytes copied), with the deploy's own files written beside it.
 */
async function deployableCopy(distDir: string, folder: string, siteUrl: string) {
  const dist = path.join(folder, 'dist')
  await mkdir(dist)
  const client = path.join(dist, 'client')
  await execFileAsync('cp', ['-al', path.join(distDir, 'client'), client]).catch(() =>
    cp(path.join(distDir, 'client'), client, { recursive: true }),
  )
  // Written anew, never through a link into the build the copy was made from.
  for (const written of [path.join(client, '.assetsignore'), path.join(dist, 'wrangler.json')])
    await rm(written, { force: true })
  await execFileAsync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(siteRoot, 'scripts/deploy/site.ts'),
      'host-files',
      '--dist',
      dist,
    ],
    { cwd: siteRoot, env: { ...process.env, SITE_URL: siteUrl } },
  )
  return dist
}

/**
 * Starts `wrangler dev` on a copy of `distDir` and resolves once it is ready, at `port` (a free
 * one if not given). `siteUrl` is the live address the configuration is written for (its
 * Worker's name and route).
 */
export async function serveOnWorkerd(
  distDir: string,
  siteUrl: string,
  port?: number,
): Promise<WorkerdSite> {
  const folder = await mkdtemp(path.join(tmpdir(), 'workerd-site-'))
  let child: ReturnType<typeof spawn> | undefined
  let exited: Promise<void> = Promise.resolve()
  /** Ends Wrangler and workerd (its process group), then removes the folder. */
  const stop = async () => {
    const group = child?.pid
    if (group) {
      try {
        process.kill(-group, 'SIGTERM')
      } catch {
        // Already ended.
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
      try {
        process.kill(-group, 'SIGKILL')
      } catch {
        // Ended on SIGTERM.
      }
    }
    await rm(folder, { recursive: true, force: true, maxRetries: 5 })
  }
  try {
    const dist = await deployableCopy(distDir, folder, siteUrl)
    port ??= await freePort()
    const inspectorPort = await freePort()
    child = spawn(
      HOSTS_NODE,
      [
        WRANGLER_CLI,
        'dev',
        '--config',
        path.join(dist, 'wrangler.json'),
        '--local',
        '--ip',
        '127.0.0.1',
        '--port',
        String(port),
        '--inspector-port',
        String(inspectorPort),
        '--persist-to',
        path.join(folder, 'state'),
        '--show-interactive-dev-session=false',
        '--log-level',
        'info',
      ],
      {
        cwd: dist,
        // Its own process group, so that stop() ends workerd with it.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          // Offline and silent: no telemetry, no error reports, no download of Request.cf
          // (Miniflare answers with its built-in stand-in), and its settings and logs here.
          WRANGLER_SEND_METRICS: 'false',
          WRANGLER_SEND_ERROR_REPORTS: 'false',
          DO_NOT_TRACK: '1',
          CLOUDFLARE_CF_FETCH_ENABLED: 'false',
          XDG_CONFIG_HOME: path.join(folder, 'config'),
          WRANGLER_LOG_PATH: path.join(folder, 'logs'),
          NO_COLOR: '1',
          FORCE_COLOR: '0',
          CI: '1',
        },
      },
    )
    let output = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    const started = child
    exited = new Promise<void>((resolve) => started.once('close', () => resolve()))
    const origin = `http://127.0.0.1:${port}`
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`wrangler dev was not ready in 90 s:\n${output}`)),
        90_000,
      )
      const watch = setInterval(() => {
        if (output.includes(`Ready on ${origin}`)) {
          clearInterval(watch)
          clearTimeout(timer)
          resolve()
        }
      }, 100)
      void exited.then(() => {
        clearInterval(watch)
        clearTimeout(timer)
        reject(new Error(`wrangler dev ended before it was ready:\n${output}`))
      })
    })
    return { origin, output: () => output, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * What is wrong in Wrangler's own account of the rule files (its output, and the texts of
 * `_redirects` and `_headers` in `clientDir`): it must read every rule, and name none skipped,
 * invalid or misplaced ("Skipping remaining 2 lines of file", "could be made more performant").
 */
export function wranglerProblems(output: string, clientDir: string, files: Record<string, string>) {
  const problems: string[] = []
  const redirects = countRedirectRules(files._redirects!)
  const headerRules = files._headers!.split('\n').filter((line) => /^\S/.test(line)).length
  for (const [what, file, written] of [
    ['redirect', '_redirects', redirects.static + redirects.dynamic],
    ['header', '_headers', headerRules],
  ] as const) {
    const parsed = new RegExp(`Parsed (\\d+) valid ${what} rules`).exec(output)?.[1]
    if (parsed === undefined)
      problems.push(
        `Wrangler did not say it read the ${written} ${what} rules of ${clientDir}/${file}`,
      )
    else if (Number(parsed) !== written)
      problems.push(
        `Wrangler read ${parsed} ${what} rules of the ${written} in ${clientDir}/${file}`,
      )
  }
  for (const line of output.split('\n'))
    if (
      /skipping|invalid|ignor|maximum|more performant|warn|error|✘|▲/i.test(line) &&
      !/Parsed \d+ valid/.test(line)
    )
      problems.push(`Wrangler: ${line.trim()}`)
  return problems
}
