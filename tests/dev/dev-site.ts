// The fixtures of the tests against `npm run dev`: one `vike dev` per worker, on a free port of
// 127.0.0.1, over a throwaway copy of the site (tests/unit/helpers/site-copy.ts) so a test can break and
// fix content files, or save through the editor, without touching the repository. `devSite`
// gives the address and the copy's content folder; `editContent` changes a content file and puts
// it back after the test; `adminSite` is the same server once it serves the editor
// (./admin-site.ts). One `test` for every file of the suite: Playwright keeps a worker, and its
// dev server, across files only when their fixtures are the same, and a second dev server cost
// about 28 s of CPU.
import { spawn, type ChildProcess } from 'node:child_process'
import { cp, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { test as base } from '@playwright/test'
import { freePort } from '../e2e/server/free-port.ts'
import { outputOf } from '../process-output.ts'
import { workerFixture } from '../worker-fixture.ts'
import { copySite, siteRoot } from '../unit/helpers/site-copy.ts'
import { ADMIN_SITE_START_TIMEOUT, prepareEditor, type AdminSite } from './admin-site.ts'

export interface DevSite {
  /** http://127.0.0.1:<port> of the dev server. */
  baseURL: string
  /** The copy's content/ folder, which the dev server reads and watches. */
  contentDir: string
  /** The copy's root. */
  project: string
}

/** Changes a content file (a path inside content/) for the rest of the test. */
export type EditContent = (file: string, edit: (text: string) => string) => Promise<void>

// On a busy 2-core machine the dev server took 45 s to start and 20 s for its first page.
const START_TIMEOUT = 180_000
const STOP_GRACE = 10_000

/** Starts `vike dev` on a copy of the site; `stop` ends it and removes the copy. */
export async function startDevSite(): Promise<DevSite & { stop: () => Promise<void> }> {
  const { project, remove } = await copySite('dev-site-', (copy) =>
    cp(path.join(siteRoot, 'content'), path.join(copy, 'content'), { recursive: true }),
  )
  const port = freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const server = spawn(path.join(project, 'node_modules/.bin/vike'), ['dev'], {
    cwd: project,
    // The dev server mounts the contact function; its database stays in memory.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LEADS_DATA_DIR: 'memory://',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = outputOf(server)
  const stop = async () => {
    await stopProcess(server)
    await remove()
  }
  try {
    await waitForServer(baseURL, server, output, START_TIMEOUT)
  } catch (error) {
    await stop()
    throw error
  }
  return { baseURL, contentDir: path.join(project, 'content'), project, stop }
}

/** Waits until the server answers a page (its first page is its slowest: the content load). */
async function waitForServer(
  baseURL: string,
  server: ChildProcess,
  output: () => string,
  startTimeout: number,
) {
  const deadline = Date.now() + startTimeout
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`vike dev exited with ${server.exitCode}:\n${output()}`)
    const answered = await fetch(baseURL, { headers: { accept: 'text/html' } }).then(
      (response) => response.ok,
      () => false,
    )
    if (answered) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`vike dev did not answer ${baseURL} within ${startTimeout} ms:\n${output()}`)
}

/** SIGTERM, then SIGKILL if the server has not exited after a grace period (a busy `vike dev`). */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

// The fixtures' second argument is named `provide`, not Playwright's usual `use`, which the React
// hooks lint rule would take for React's use().
export const test = base.extend<
  { editContent: EditContent },
  { devSite: DevSite; adminSite: AdminSite }
>({
  devSite: workerFixture(startDevSite, (site) => site.stop(), {
    timeout: START_TIMEOUT + STOP_GRACE + 30_000,
  }),
  adminSite: [
    async ({ devSite }, provide) => {
      await prepareEditor(devSite.baseURL)
      await provide(devSite)
    },
    { scope: 'worker', timeout: ADMIN_SITE_START_TIMEOUT },
  ],
  baseURL: async ({ devSite }, provide) => provide(devSite.baseURL),
  editContent: async ({ devSite }, provide) => {
    const originals = new Map<string, string>()
    await provide(async (file, edit) => {
      const absolute = path.join(devSite.contentDir, file)
      const text = await readFile(absolute, 'utf8')
      if (!originals.has(absolute)) originals.set(absolute, text)
      await writeFile(absolute, edit(text))
    })
    for (const [file, text] of originals) await writeFile(file, text)
  },
})

export { expect } from '@playwright/test'
