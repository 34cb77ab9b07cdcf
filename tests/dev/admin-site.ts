// A fixture for the editing UI's tests against `npm run dev`: one `vike dev` per worker, on a free
// port of 127.0.0.1, over a throwaway copy of the site (tests/unit/site-copy.ts), so what the
// editor saves lands in the copy's content/ and never in the repository. Extra environment
// (the GitHub mode's) is the `adminEnv` option.
import { spawn, type ChildProcess } from 'node:child_process'
import { cp } from 'node:fs/promises'
import path from 'node:path'
import { test as base } from '@playwright/test'
import { freePort } from '../e2e/server/free-port.ts'
import { copySite, siteRoot } from '../unit/site-copy.ts'

export interface AdminSite {
  /** http://127.0.0.1:<port> of the dev server. */
  baseURL: string
  /** The copy's content/ folder, which the editor writes into. */
  contentDir: string
}

// On a busy 2-core machine the dev server took up to five minutes to start (load average 30).
const START_TIMEOUT = 360_000

export async function startAdminSite(
  env: Record<string, string>,
): Promise<AdminSite & { stop: () => Promise<void> }> {
  const { project, remove } = await copySite('admin-site-', (copy) =>
    cp(path.join(siteRoot, 'content'), path.join(copy, 'content'), { recursive: true }),
  )
  const port = freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const server = spawn(path.join(project, 'node_modules/.bin/vike'), ['dev'], {
    cwd: project,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LEADS_DATA_DIR: 'memory://',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const stop = async () => {
    await stopProcess(server)
    await remove()
  }
  try {
    await waitForAdmin(baseURL, server, () => output)
  } catch (error) {
    await stop()
    throw error
  }
  return { baseURL, contentDir: path.join(project, 'content'), stop }
}

/** Waits until the dev server answers the editor's configuration. */
async function waitForAdmin(baseURL: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`vike dev exited with ${server.exitCode}:\n${output()}`)
    const answered = await fetch(`${baseURL}/admin/config.json`).then(
      (response) => response.ok,
      () => false,
    )
    if (answered) return warmUp(baseURL)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`vike dev did not answer ${baseURL} within ${START_TIMEOUT} ms:\n${output()}`)
}

/**
 * Asks for the editor's script and the bundled modules it imports, so Vite transforms them
 * once here rather than while the first test's page waits for them.
 */
async function warmUp(baseURL: string): Promise<void> {
  const script = await (await fetch(`${baseURL}/admin/main.tsx`)).text()
  const imports = [...script.matchAll(/from "(\/[^"]+)"/g)].map((match) => match[1]!)
  await Promise.all(imports.map((url) => fetch(new URL(url, baseURL)).then((r) => r.arrayBuffer())))
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

export const test = base.extend<object, { adminEnv: Record<string, string>; adminSite: AdminSite }>(
  {
    adminEnv: [{}, { scope: 'worker', option: true }],
    adminSite: [
      async ({ adminEnv }, provide) => {
        const site = await startAdminSite(adminEnv)
        try {
          await provide(site)
        } finally {
          await site.stop()
        }
      },
      { scope: 'worker', timeout: START_TIMEOUT + 30_000 },
    ],
    baseURL: async ({ adminSite }, provide) => provide(adminSite.baseURL),
  },
)

export { expect } from '@playwright/test'
