// How the leads command reaches the stored requests: through the running site server's admin
// endpoint when a server holds the database, otherwise by opening the database itself.
import type { RetryReport } from '../supabase/functions/send-contact-email/deliver.ts'
import { retryFailedContactRequests } from '../supabase/functions/send-contact-email/deliver.ts'
import type {
  DeliveryStatus,
  StoredContactRequest,
} from '../supabase/functions/send-contact-email/lead-store.ts'
import type { Logger } from '../supabase/functions/send-contact-email/logger.ts'
import { mailTransportFromEnv } from '../supabase/functions/send-contact-email/mail-from-env.ts'
import type { MailTransport } from '../supabase/functions/send-contact-email/mail-transport.ts'
import { DataDirBusyError, readLockHolder, type LockInfo } from './data-dir-lock.ts'
import { ADMIN_TOKEN_HEADER } from './leads-admin-server.ts'
import { openLocalDatabase, resolveDataDir } from './local-database.ts'
import { createSqlLeadStore } from './sql-lead-store.ts'

export interface LeadsAccess {
  /** 'server': answered by the running site server; 'direct': this process opened the data. */
  via: 'server' | 'direct'
  list(filter?: { status?: DeliveryStatus; limit?: number }): Promise<StoredContactRequest[]>
  retryFailed(): Promise<RetryReport>
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
    retryFailed: () => call('POST', '/retry'),
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
  return {
    via: 'direct',
    list: (filter) => store.listContactRequests(filter),
    retryFailed: () => retryFailedContactRequests({ store, mail, logger: options.logger }),
    close: () => local.close(),
  }
}
