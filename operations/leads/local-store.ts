// How the leads command reaches the stored requests: through the running site server's admin
// endpoint when a server holds the database, otherwise by opening the database itself.
import {
  releaseSpam,
  retryContactRequests,
  type ReleaseResult,
  type RetryReport,
} from '../../supabase/functions/send-contact-email/deliver.ts'
import {
  SPAM_RETENTION_DAYS,
  type DeliveryStatus,
  type StoredContactRequest,
} from '../../supabase/functions/send-contact-email/lead-store.ts'
import type { Logger } from '../../supabase/functions/send-contact-email/logger.ts'
import { mailTransportFromEnv } from '../../supabase/functions/send-contact-email/mail-from-env.ts'
import type { MailTransport } from '../../supabase/functions/send-contact-email/mail-transport.ts'
import { DataDirBusyError, readLockHolder, type LockInfo } from '../../server/data-folder-lock.ts'
import { ADMIN_TOKEN_HEADER } from '../../server/leads-admin-server.ts'
import {
  makeBackup,
  refuseToMerge,
  type LeadsBackup,
  type RestoreReport,
} from '../../server/leads-backup.ts'
import { LeadsInputError, parseLeadId } from '../../server/leads-input.ts'
import { resolveDataDir } from '../../server/data-folder-path.ts'
import { openLocalDatabase } from '../../server/local-database.ts'
import { createSqlLeadStore } from '../../server/sql-lead-store.ts'

export interface PurgeReport {
  purged: number
  olderThanDays: number
}

export interface LeadsAccess {
  /** 'server': answered by the running site server; 'direct': this process opened the data. */
  via: 'server' | 'direct'
  list(filter?: { status?: DeliveryStatus; limit?: number }): Promise<StoredContactRequest[]>
  /** Sends failed requests again, and logged ones when a mail provider is configured. */
  retry(): Promise<RetryReport>
  /** Releases one request from spam and mails it. */
  release(id: string): Promise<ReleaseResult>
  /** Deletes spam older than SPAM_RETENTION_DAYS. */
  purgeSpam(): Promise<PurgeReport>
  /** Every stored request, as a backup file holds them. */
  backup(): Promise<LeadsBackup>
  /** Adds a backup's rows; into a database holding requests only with `merge`. */
  restore(backup: LeadsBackup, options: { merge: boolean }): Promise<RestoreReport>
  close(): Promise<void>
}

function serverAccess(holder: Required<Pick<LockInfo, 'adminUrl' | 'adminToken'>>): LeadsAccess {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${holder.adminUrl}${path}`, {
      method,
      headers: { [ADMIN_TOKEN_HEADER]: holder.adminToken },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (response.status === 400) {
      const { error } = (await response.json()) as { error: string }
      throw new LeadsInputError(error)
    }
    if (!response.ok) throw new Error(`The site server answered ${response.status} for ${path}`)
    return (await response.json()) as T
  }
  return {
    via: 'server',
    list(filter = {}) {
      const query = new URLSearchParams()
      if (filter.status) query.set('status', filter.status)
      if (filter.limit) query.set('limit', String(filter.limit))
      return call('GET', `/leads?${query}`)
    },
    retry: () => call('POST', '/retry'),
    release: (id) => call('POST', `/release?${new URLSearchParams({ id: parseLeadId(id) })}`),
    purgeSpam: () => call('POST', '/purge'),
    backup: () => call('GET', '/backup'),
    restore: (backup, { merge }) =>
      call('POST', `/restore?merge=${merge ? 1 : 0}`, { rows: backup.rows }),
    close: () => Promise.resolve(),
  }
}

export async function openLeadsAccess(options: {
  dataDir?: string
  env?: Record<string, string | undefined>
  mail?: MailTransport
  logger: Logger
}): Promise<LeadsAccess> {
  const env = options.env ?? process.env
  const dataDir = resolveDataDir(options.dataDir ?? env.LEADS_DATA_DIR)
  const holder = readLockHolder(dataDir)
  if (holder && holder.pid !== process.pid) {
    if (holder.adminUrl && holder.adminToken) {
      return serverAccess({ adminUrl: holder.adminUrl, adminToken: holder.adminToken })
    }
    throw new DataDirBusyError(dataDir, holder.pid)
  }
  const local = await openLocalDatabase(dataDir)
  const store = createSqlLeadStore(local.db)
  const mail = options.mail ?? mailTransportFromEnv((name) => env[name], options.logger)
  const deps = { store, mail, logger: options.logger }
  return {
    via: 'direct',
    list: (filter) => store.listContactRequests(filter),
    retry: () => retryContactRequests(deps),
    release: (id) => releaseSpam(parseLeadId(id), deps),
    purgeSpam: async () => ({
      purged: await store.purgeSpam(SPAM_RETENTION_DAYS),
      olderThanDays: SPAM_RETENTION_DAYS,
    }),
    backup: async () => makeBackup(await store.exportContactRequests()),
    async restore(backup, { merge }) {
      const stored = await store.countContactRequests()
      if (stored > 0 && !merge) throw refuseToMerge(local.dataDir, stored, backup.rows.length)
      const restored = await store.restoreContactRequests(backup.rows)
      return { inBackup: backup.rows.length, restored }
    },
    close: () => local.close(),
  }
}
