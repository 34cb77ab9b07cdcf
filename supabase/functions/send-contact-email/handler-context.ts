// What every job of the handler works with: the store, the mail transport, the configuration,
// and the few things made from them once per handler (the hour's mail budget, a database call
// within the store's time limit, work kept alive after the answer).
import type { HandlerConfig } from './config.ts'
import { databaseCall } from './database-call.ts'
import { mailBudgetHour, type LeadStore, type MailBudget } from './lead-store.ts'
import { consoleLogger, type Logger } from './logger.ts'
import type { MailTransport } from './mail-transport.ts'

export interface HandlerDeps {
  store: LeadStore
  mail: MailTransport
  config: HandlerConfig
  logger?: Logger
  /** Now, for the hour of the mail budget and the next attempt; tests pass a fake clock. */
  clock?: () => Date
  /**
   * Keeps work after the answer alive (Supabase: EdgeRuntime.waitUntil). Default: the promise
   * simply runs on, which is right for a long-lived Node process.
   */
  waitUntil?: (work: Promise<unknown>) => void
}

export interface HandlerContext {
  store: LeadStore
  mail: MailTransport
  config: HandlerConfig
  logger: Logger
  waitUntil: (work: Promise<unknown>) => void
  /** Now, by the handler's clock (tests pass a fake one). */
  now: () => Date
  /** This hour's site-wide mail budget. */
  mailBudget: () => MailBudget
  /** A store call within the store's time limit; throws StoreUnavailable otherwise. */
  database: <T>(work: () => Promise<T>, action: string) => Promise<T>
}

export function handlerContext(deps: HandlerDeps): HandlerContext {
  const { store, mail, config } = deps
  const clock = deps.clock ?? (() => new Date())
  return {
    store,
    mail,
    config,
    logger: deps.logger ?? consoleLogger,
    waitUntil: deps.waitUntil ?? ((work) => void work),
    now: clock,
    mailBudget: () => ({
      hour: mailBudgetHour(clock()),
      max: config.mailBudgetPerHour,
      unverifiedMax: Math.min(config.unverifiedMailBudgetPerHour, config.mailBudgetPerHour),
    }),
    database: (work, action) => databaseCall(work(), action, config.storeTimeoutMs),
  }
}
