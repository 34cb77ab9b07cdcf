// A leads database folder created once per run (Vitest's global set-up), for tests whose subject
// is not a database's first start: a copy of it opens in a fraction of a second, where a new
// folder costs PGlite's initdb, about 4 core-s each (2026-11-28). Tests of a first start, a
// damaged folder or a start race keep making their own.
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import type { TestProject } from 'vitest/node'
import { openLocalDatabase } from '../../server/local-database.ts'
import { silentLogger } from '../../supabase/functions/send-contact-email/logger.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataFolder: string
  }
}

export default async function setup(project: TestProject) {
  const parent = await mkdtemp(path.join(tmpdir(), 'reliability-template-'))
  const folder = path.join(parent, 'pglite')
  // Opened as the server opens it (migrated, its journal empty), then closed.
  const database = await openLocalDatabase(folder, { logger: silentLogger })
  await database.close()
  project.provide('templateDataFolder', folder)
  return () => rm(parent, { recursive: true, force: true })
}

/** Writes a copy of the migrated, empty database folder to `dataDir`. */
export const copyTemplateDataFolder = (dataDir: string) =>
  cp(inject('templateDataFolder'), dataDir, { recursive: true })
