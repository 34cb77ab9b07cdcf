// npm run leads [-- --status failed --limit 20 --json]   prints stored requests, newest first
// npm run leads -- --spam                                 the requests judged as spam
// npm run leads -- --release ID                           releases one from spam and mails it
// npm run leads -- --purge                                deletes spam older than 30 days
// npm run leads:retry                                     resends failed and held rows now
//                                                         (the server retries failed ones on
//                                                         its own schedule), and logged ones
//                                                         once RESEND_API_KEY is set
// npm run leads -- --backup FILE                          writes every stored request to FILE
// npm run leads -- --restore FILE [--merge]               adds FILE's requests to an empty
//                                                         database (--merge: to one with rows)
// Each works whether or not a server holds the database (it answers through its admin endpoint).
// With --remote, production instead (settings from the environment or .env.leads; docs/deploy.md
// "Reading leads in production"): the listing and --backup read the table as leads_reader and
// write nothing; leads:retry asks the live function to retry every waiting lead now.
import { setFlagsFromString } from 'node:v8'
import { parseArgs } from 'node:util'
import type {
  DeliveryStatus,
  StoredContactRequest,
} from '../supabase/functions/send-contact-email/lead-store.ts'
import { consoleLogger, describeError } from '../supabase/functions/send-contact-email/logger.ts'
import { isDataFolderError } from '../server/data-folder-error.ts'
import { openLeadsAccess } from '../operations/leads/local-store.ts'
import { readBackupFile, writeBackupFile } from '../server/leads-backup.ts'
import { formatRequest } from '../operations/leads/format.ts'
import {
  FunctionCallError,
  functionAccessFromEnv,
  requestRetryNow,
} from '../operations/leads/live-function.ts'
import {
  openRemoteLeads,
  RemoteLeadsError,
  type RemoteLeads,
} from '../operations/leads/remote-store.ts'
import { LeadsInputError, parseLeadId, parseListLimit, parseStatus } from '../server/leads-input.ts'

// A command lives for a second or two: the database's WebAssembly runs on V8's baseline compiler
// only, instead of also recompiling its hot functions optimized in the background, work a short
// process never gets back (a third less CPU per command, measured with /usr/bin/time).
setFlagsFromString('--liftoff-only')

function parseArguments() {
  try {
    return parseArgs({
      options: {
        retry: { type: 'boolean', default: false },
        spam: { type: 'boolean', default: false },
        release: { type: 'string' },
        purge: { type: 'boolean', default: false },
        status: { type: 'string' },
        limit: { type: 'string', default: '50' },
        json: { type: 'boolean', default: false },
        'data-dir': { type: 'string' },
        backup: { type: 'string' },
        restore: { type: 'string' },
        merge: { type: 'boolean', default: false },
        remote: { type: 'boolean', default: false },
      },
    })
  } catch (error) {
    // An unknown option or a missing value: the message alone, as for every other bad input.
    console.error((error as Error).message.replaceAll('\n', ' '))
    process.exit(2)
  }
}
const { values } = parseArguments()

/** Where the owner keeps the production settings: never committed (.gitignore). */
const REMOTE_SETTINGS_FILE = '.env.leads'

/** What --remote cannot do, and why, by option. */
const LOCAL_ONLY: Partial<Record<keyof typeof values, string>> = {
  release: 'releasing from spam works on the local database only',
  purge: 'in production the scheduled call purges spam older than 30 days',
  restore: 'a backup is restored into a local database only, never into production',
  'data-dir': '--data-dir names a local database',
}

function printList(requests: StoredContactRequest[], spam: boolean) {
  if (values.json) console.log(JSON.stringify(requests, null, 2))
  else if (requests.length === 0)
    console.log(spam ? 'No spam stored.' : 'No contact requests stored yet.')
  else console.log(requests.map(formatRequest).join('\n\n'))
}

async function mainRemote(
  status: DeliveryStatus | undefined,
  limit: number | undefined,
): Promise<number> {
  for (const [option, why] of Object.entries(LOCAL_ONLY))
    if (
      values[option as keyof typeof values] !== undefined &&
      values[option as keyof typeof values] !== false
    ) {
      console.error(`--${option} cannot be combined with --remote: ${why}.`)
      return 2
    }
  // The settings file fills in what the environment does not set.
  try {
    process.loadEnvFile(REMOTE_SETTINGS_FILE)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  if (values.retry) {
    const access = functionAccessFromEnv(process.env)
    const { status: answer } = await requestRetryNow(access)
    console.log(
      `The live function accepted the retry (${answer}): it sends every waiting failed or received request now; npm run leads -- --remote shows how they stand.`,
    )
    return 0
  }
  let remote: RemoteLeads | undefined
  try {
    remote = await openRemoteLeads(process.env)
    if (values.backup !== undefined) {
      const backup = await remote.backup()
      await writeBackupFile(values.backup, backup)
      console.log(`Backed up ${backup.count} production request(s) to ${values.backup}.`)
      return 0
    }
    printList(await remote.list({ status: values.spam ? 'spam' : status, limit }), values.spam)
    return 0
  } finally {
    await remote?.close()
  }
}

async function main(): Promise<number> {
  // Every input is checked before the database is opened: a bad one is a message and exit 2.
  const status = parseStatus(values.status)
  const limit = parseListLimit(values.limit)
  const releaseId = values.release === undefined ? undefined : parseLeadId(values.release)
  if (values.spam && status !== undefined && status !== 'spam') {
    console.error('--spam lists spam; it cannot be combined with another --status')
    return 2
  }
  if (values.remote) return mainRemote(status, limit)
  const restoring = values.restore === undefined ? null : await readBackupFile(values.restore)
  const access = await openLeadsAccess({ dataDir: values['data-dir'], logger: consoleLogger })
  try {
    if (values.backup !== undefined) {
      const backup = await access.backup()
      await writeBackupFile(values.backup, backup)
      console.log(`Backed up ${backup.count} request(s) to ${values.backup}.`)
      return 0
    }
    if (restoring) {
      const report = await access.restore(restoring, { merge: values.merge })
      console.log(
        `Restored ${report.restored} of the backup's ${report.inBackup} request(s)${report.restored < report.inBackup ? `; the other ${report.inBackup - report.restored} were stored already` : ''}.`,
      )
      return 0
    }
    if (values.retry) {
      const report = await access.retry()
      console.log(
        `Retried ${report.attempted} request(s): ${report.sent} sent, ${report.logged} only logged (no RESEND_API_KEY), ${report.failed} still failing.`,
      )
      return report.failed > 0 ? 1 : 0
    }
    if (releaseId !== undefined) {
      const result = await access.release(releaseId)
      if (!result.released) {
        console.error(`No spam request with id ${releaseId}.`)
        return 1
      }
      const { delivery } = result
      console.log(
        `Released ${result.id} from spam; mail ${delivery.status} via ${delivery.transport}${delivery.status === 'failed' ? `: ${delivery.error} (npm run leads:retry sends it later)` : ''}.`,
      )
      return delivery.status === 'failed' ? 1 : 0
    }
    if (values.purge) {
      const report = await access.purgeSpam()
      console.log(
        `Purged ${report.purged} spam request(s) older than ${report.olderThanDays} days.`,
      )
      return 0
    }
    printList(await access.list({ status: values.spam ? 'spam' : status, limit }), values.spam)
    return 0
  } finally {
    await access.close()
  }
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    // A bad input or a data folder an operator must fix: its one sentence, nothing else.
    if (error instanceof LeadsInputError) {
      console.error(error.message)
      process.exitCode = 2
    } else if (
      isDataFolderError(error) ||
      error instanceof RemoteLeadsError ||
      error instanceof FunctionCallError
    ) {
      console.error(error.message)
      process.exitCode = 1
    } else {
      console.error(describeError(error))
      process.exitCode = 1
    }
  },
)
