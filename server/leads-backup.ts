// `npm run leads -- --backup FILE` and `--restore FILE`: every stored request as one JSON file,
// written whole or not at all, and checked field by field before anything is restored from it.
// A logical copy (rows, not PGlite's files) restores into any fresh folder and any later PGlite.
import { link, open, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import {
  DELIVERY_STATUSES,
  type StoredContactRequest,
} from '../supabase/functions/send-contact-email/lead-store.ts'
import { LeadsInputError } from './leads-input.ts'

export const BACKUP_FORMAT = 'panelwise-leads-backup'

const storedRequestSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime({ offset: true }),
  kind: z.enum(['contact', 'guide', 'scorecard']),
  title: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string().nullable(),
  message: z.string(),
  page: z.string().nullable(),
  userAgent: z.string().nullable(),
  clientHash: z.string(),
  requestId: z.uuid().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  spamReason: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  transport: z.string().nullable(),
  lastError: z.string().nullable(),
  // Absent from a backup written before the column existed: no further try planned.
  nextAttemptAt: z.iso.datetime({ offset: true }).nullable().default(null),
  // Absent from a backup written before the column existed: such rows came from the site's
  // forms, which always sent the anti-bot fields (the migration's default says the same).
  antiBotFields: z.boolean().default(true),
}) satisfies z.ZodType<StoredContactRequest>

const backupSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  count: z.number().int().nonnegative(),
  rows: z.array(storedRequestSchema),
})

export type LeadsBackup = z.infer<typeof backupSchema>

export function makeBackup(rows: StoredContactRequest[]): LeadsBackup {
  return {
    format: BACKUP_FORMAT,
    version: 1,
    createdAt: new Date().toISOString(),
    count: rows.length,
    rows,
  }
}

/** Writes the backup to a new `file`, flushed, under its final name only once it is whole. */
export async function writeBackupFile(file: string, backup: LeadsBackup): Promise<void> {
  const target = path.resolve(file)
  const temporary = `${target}.${process.pid}.tmp`
  const handle = await open(temporary, 'wx', 0o600)
  try {
    await handle.writeFile(`${JSON.stringify(backup, null, 1)}\n`)
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    // A link, not a rename: it never replaces an existing file (an older backup may be the only
    // good copy), and the name appears with the whole content or not at all.
    await link(temporary, target)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new LeadsInputError(`${target} exists already: choose a new file for the backup.`)
    throw error
  } finally {
    await rm(temporary, { force: true })
  }
  const directory = await open(path.dirname(target), 'r')
  try {
    await directory.sync()
  } finally {
    await directory.close()
  }
}

export async function readBackupFile(file: string): Promise<LeadsBackup> {
  const target = path.resolve(file)
  let text: string
  try {
    text = await readFile(target, 'utf8')
  } catch (error) {
    throw new LeadsInputError(
      `The backup ${target} cannot be read (${(error as NodeJS.ErrnoException).code}).`,
    )
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new LeadsInputError(`The backup ${target} is not whole JSON: it may be cut short.`)
  }
  const parsed = backupSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new LeadsInputError(
      `The backup ${target} is not a leads backup of this version (${issue.path.join('.') || 'file'}: ${issue.message}).`,
    )
  }
  if (parsed.data.rows.length !== parsed.data.count)
    throw new LeadsInputError(
      `The backup ${target} names ${parsed.data.count} requests but holds ${parsed.data.rows.length}: it is incomplete.`,
    )
  return parsed.data
}

export interface RestoreReport {
  /** Rows in the backup. */
  inBackup: number
  /** Rows inserted; the others were stored already (same id or request id). */
  restored: number
}

/** Restoring into a database that already holds requests needs --merge (nothing is replaced). */
export function refuseToMerge(dataDir: string, stored: number, inBackup: number): LeadsInputError {
  return new LeadsInputError(
    `The leads database ${dataDir} already holds ${stored} request(s): restoring adds the backup's ${inBackup} to them (none is replaced); run again with --merge to do that, or restore into an empty folder with --data-dir.`,
  )
}
