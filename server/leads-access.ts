// How the leads command reaches the stored requests: through the running site server's admin
// endpoint when a server holds the database, otherwise by opening the database itself.
import {
  releaseSpam,
  retryContactRequests,
  type ReleaseResult,
  type RetryReport,
} from '../supabase/functions/send-contact-email/deliver.ts'
import {
  SPAM_RETENTION_DAYS,
  type DeliveryStatus,
  type StoredContactRequest,
} from '../supabase/functions/send-contact-email/lead-store.ts'
import type { Logger } from '../supabase/functions/send-contact-email/logger.ts'
import { mailTransportFromEnv } from '../supabase/functions/send-contact-email/mail-from-env.ts'
import type { MailTransport } from '../supabase/functions/send-contact-email/mail-transport.ts'
import { DataDirBusyError, readLockHolder, type LockInfo } from './data-dir-lock.ts'
import { ADMIN_TOKEN_HEADER } from './leads-admin-server.ts'
import { openLocalDatabase, resolveDataDir } from './local-database.ts'
import { createSqlLeadStore } from './sql-lead-store.ts'

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
  close(): Promise<void>
}

function serverAccess(holder: Required<Pick<LockInfo, 'adminUrl' | 'adminToken'>>): LeadsAccess {
  const call = async <T>(method: string, path: string): Promise<T> => {
    const response = await fetch(`${holder.adminUrl}${path}`, {
      method,
      headers: { [ADMIN_TOKEN_HEADER]: holder.adminToken },
    })
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
    release: (id) => call('POST', `/release?${new URLSearchParams({ id })}`),
    purgeSpam: () => call('POST', '/purge'),
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
    throw new DataDirBusyError(dataDir, holder)
  }
  const local = await openLocalDatabase(dataDir)
  const store = createSqlLeadStore(local.db)
  const mail = options.mail ?? mailTransportFromEnv((name) => env[name], options.logger)
  const deps = { store, mail, logger: options.logger }
  return {
    via: 'direct',
    list: (filter) => store.listContactRequests(filter),
    retry: () => retryContactRequests(deps),
    release: (id) => releaseSpam(id, deps),
    purgeSpam: async () => ({
      purged: await store.purgeSpam(SPAM_RETENTION_DAYS),
      olderThanDays: SPAM_RETENTION_DAYS,
    }),
    close: () => local.close(),
  }
}
