// A temporary folder for the tests of one file: made before they run, removed after.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'

/** Registers the folder's set-up and removal; the returned function gives its path. */
export function scratchDir(prefix: string): () => string {
  let dir: string | undefined
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), prefix))
  })
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })
  return () => {
    if (!dir) throw new Error('the scratch folder exists only while the tests run')
    return dir
  }
}
