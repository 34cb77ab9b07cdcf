// The editing UI on the suite's dev server (./dev-site.ts): `adminSite` is that server once it
// also serves the editor, in local mode, so what the editor saves lands in the copy's content/
// and never in the repository.
export interface AdminSite {
  /** http://127.0.0.1:<port> of the dev server. */
  baseURL: string
  /** The copy's content/ folder, which the editor writes into. */
  contentDir: string
}

// On a busy 2-core machine the dev server took up to five minutes to start (load average 30);
// the editor's first transform comes on top of that.
export const ADMIN_SITE_START_TIMEOUT = 360_000

/**
 * Checks that the dev server at `baseURL` serves the editor's configuration, then asks for the
 * editor's script and the bundled modules it imports, so Vite transforms them once here rather
 * than while the first test's page waits for them.
 */
export async function prepareEditor(baseURL: string): Promise<void> {
  const config = await fetch(`${baseURL}/admin/config.json`)
  if (!config.ok)
    throw new Error(`the dev server answered /admin/config.json with ${config.status}`)
  const script = await (await fetch(`${baseURL}/admin/main.tsx`)).text()
  const imports = [...script.matchAll(/from "(\/[^"]+)"/g)].map((match) => match[1]!)
  await Promise.all(imports.map((url) => fetch(new URL(url, baseURL)).then((r) => r.arrayBuffer())))
}
