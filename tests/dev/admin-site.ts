// A fixture for the editing UI's tests against `npm run dev`: one `vike dev` per worker, on a free
// port of 127.0.0.1, over a throwaway copy of the site (tests/unit/site-copy.ts), so what the
// editor saves lands in the copy's content/ and never in the repository. Extra environment
// (the GitHub mode's) is the `adminEnv` option.
import { test as base } from '@playwright/test'
import { startDevSite } from './dev-site.ts'

export interface AdminSite {
  /** http://127.0.0.1:<port> of the dev server. */
  baseURL: string
  /** The copy's content/ folder, which the editor writes into. */
  contentDir: string
}

// On a busy 2-core machine the dev server took up to five minutes to start (load average 30).
export const ADMIN_SITE_START_TIMEOUT = 360_000

/** `npm run dev` on a copy of the site (./dev-site.ts), once it also serves the editor. */
export async function startAdminSite(
  env: Record<string, string>,
): Promise<AdminSite & { stop: () => Promise<void> }> {
  const site = await startDevSite(env, ADMIN_SITE_START_TIMEOUT)
  try {
    const config = await fetch(`${site.baseURL}/admin/config.json`)
    if (!config.ok)
      throw new Error(`the dev server answered /admin/config.json with ${config.status}`)
    await warmUp(site.baseURL)
  } catch (error) {
    await site.stop()
    throw error
  }
  return site
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
      { scope: 'worker', timeout: ADMIN_SITE_START_TIMEOUT + 30_000 },
    ],
    baseURL: async ({ adminSite }, provide) => provide(adminSite.baseURL),
  },
)

export { expect } from '@playwright/test'
