// npm run load [-- --duration 10 --connections 20 --mode all|repeats]
// Starts its own server on 127.0.0.1 with the function mounted on a fresh PGlite directory, fires
// autocannon at it, and checks that every successful answer has its row: with mail working, with
// mail failing, with the default rate limit in force, and (--mode repeats runs only this one)
// with the mail failing and 10 % of the requests repeating an earlier requestId, as a browser
// does when it sends a kept request again: rows must equal distinct successes, 0 duplicates.
import autocannon from 'autocannon'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { CONTACT_FUNCTION_PATH } from '../supabase/functions/_shared/contact-request.ts'
import {
  DEFAULT_RATE_LIMIT,
  type HandlerConfig,
} from '../supabase/functions/send-contact-email/config.ts'
import { silentLogger } from '../supabase/functions/send-contact-email/logger.ts'
import type { MailTransport } from '../supabase/functions/send-contact-email/mail-transport.ts'
import { createFunctionsMiddleware } from '../server/functions.ts'
import { openLocalDatabase } from '../server/local-database.ts'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    mode: { type: 'string', default: 'all' },
  },
})
if (values.mode !== 'all' && values.mode !== 'repeats') {
  console.error('--mode must be "all" or "repeats"')
  process.exit(2)
}
const durationSeconds = Number(values.duration)
const connections = Number(values.connections)

interface Phase {
  name: string
  mail: MailTransport
  config: Partial<HandlerConfig>
  expectedStatus: 'sent' | 'failed'
  warmUp: boolean
  /** Share of requests that repeat an earlier requestId; absent: no requestId is sent. */
  repeatShare?: number
}

const unlimited = { rateLimit: { max: 1_000_000_000, windowSeconds: 600 } }
const failingMail: MailTransport = {
  name: 'failing',
  delivers: true,
  send: () => Promise.reject(new Error('provider down (load test)')),
}
const repeatsPhase: Phase = {
  name: '10 % repeated requestIds, mail failing',
  mail: failingMail,
  config: unlimited,
  expectedStatus: 'failed',
  warmUp: true,
  repeatShare: 0.1,
}
const allPhases: Phase[] = [
  {
    name: 'mail working',
    mail: { name: 'accepting', delivers: true, send: () => Promise.resolve() },
    config: unlimited,
    expectedStatus: 'sent',
    warmUp: true,
  },
  {
    name: 'mail failing',
    mail: {
      name: 'failing',
      delivers: true,
      send: () => Promise.reject(new Error('provider down (load test)')),
    },
    config: unlimited,
    expectedStatus: 'failed',
    warmUp: true,
  },
  {
    name: `default rate limit (${DEFAULT_RATE_LIMIT.max}/${DEFAULT_RATE_LIMIT.windowSeconds}s)`,
    mail: { name: 'accepting', delivers: true, send: () => Promise.resolve() },
    config: { rateLimit: DEFAULT_RATE_LIMIT },
    expectedStatus: 'sent',
    warmUp: false,
  },
  repeatsPhase,
]
const phases = values.mode === 'repeats' ? [repeatsPhase] : allPhases

const fields = {
  name: 'Load Test',
  email: 'load@example.com',
  phone: '',
  message: 'Guide Request: System Design Interview Guide\nCompany: Bench Inc\nMessage: load test',
  website: '',
  elapsedMs: 10_000,
}
const body = JSON.stringify(fields)

/** Bodies with a fresh requestId, or (share of the time) one already sent. */
function requestIdBodies(repeatShare: number) {
  const issued: string[] = []
  let repeats = 0
  return {
    get repeats() {
      return repeats
    },
    next(): string {
      let requestId: string
      if (issued.length > 0 && Math.random() < repeatShare) {
        requestId = issued[Math.floor(Math.random() * issued.length)]!
        repeats++
      } else {
        requestId = crypto.randomUUID()
        issued.push(requestId)
      }
      return JSON.stringify({ ...fields, requestId })
    },
  }
}

interface PhaseReport {
  phase: string
  'req/s': number
  'p99 ms': number
  '2xx sent': number
  '2xx seen': number
  'too many (429)': number
  'other non-2xx': number
  errors: number
  rows: number
  'distinct successes': number | string
  'repeats sent': number | string
  duplicates: number | string
  'rows ok': string
}

async function runPhase(phase: Phase): Promise<PhaseReport> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'load-test-'))
  const dataDir = path.join(workDir, 'pglite')
  const functions = await createFunctionsMiddleware({
    dataDir,
    env: {},
    // No site-wide mail budget: every stored request is mailed, so rows == successes by status.
    config: {
      minSubmitMs: 0,
      mailBudgetPerHour: 1_000_000_000,
      unverifiedMailBudgetPerHour: 1_000_000_000,
      ...phase.config,
    },
    mail: phase.mail,
    logger: silentLogger,
    adminEndpoint: false,
  })
  // The same process shares the middleware's open database, so rows can be counted directly.
  const database = await openLocalDatabase(dataDir)
  // autocannon drops the answers still in flight when its time is up, so the server counts the
  // success answers it actually gave; the client's count may trail by the in-flight few.
  let served2xx = 0
  let inFlight = 0
  // The row ids the successful answers named: a repeated requestId is answered with its first id.
  const answeredIds = new Set<string>()
  const server = createServer((req, res) => {
    inFlight++
    // The adapter (@hono/node-server) may write the body before end(): collect both.
    const body: string[] = []
    const text = (chunk: unknown) =>
      chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : String(chunk)
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    res.write = ((...args: unknown[]) => {
      body.push(text(args[0]))
      return write(...args)
    }) as typeof res.write
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res
    res.end = ((...args: unknown[]) => {
      inFlight--
      if (args[0] !== undefined && typeof args[0] !== 'function') body.push(text(args[0]))
      if (res.statusCode === 200) {
        served2xx++
        const answer = JSON.parse(body.join('')) as { id: string }
        answeredIds.add(answer.id)
      }
      return end(...args)
    }) as typeof res.end
    functions.middleware(req, res, () => {
      res.statusCode = 404
      res.end()
    })
  })
  const settle = async () => {
    for (let waited = 0; inFlight > 0 && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  const countRows = async () => {
    const { rows } = await database.db.query<{ status: string; count: number }>(
      'select status, count(*)::int as count from contact_requests group by status',
    )
    return rows
  }
  const countDuplicates = async () => {
    const { rows } = await database.db.query<{ duplicates: number }>(
      `select (count(request_id) - count(distinct request_id))::int as duplicates
       from contact_requests`,
    )
    return rows[0]!.duplicates
  }
  const bodies = phase.repeatShare === undefined ? null : requestIdBodies(phase.repeatShare)
  try {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const target = {
      url: `http://127.0.0.1:${port}${CONTACT_FUNCTION_PATH}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body,
      connections,
      timeout: 10,
      ...(bodies && {
        requests: [
          {
            method: 'POST' as const,
            setupRequest: (request: Record<string, unknown>) => ({
              ...request,
              body: bodies.next(),
            }),
          },
        ],
      }),
    }
    // Warm up (JIT, database caches) before measuring; the rate-limit phase skips it so its
    // five allowed requests are measured.
    if (phase.warmUp) {
      await autocannon({ ...target, duration: 1 })
      await settle()
    }
    const servedBefore = served2xx
    answeredIds.clear()
    const repeatsBefore = bodies?.repeats ?? 0
    const rowsBeforeIds = new Set(
      (await database.db.query<{ id: string }>('select id from contact_requests')).rows.map(
        (row) => row.id,
      ),
    )
    const rowsBefore = (await countRows()).reduce((sum, row) => sum + row.count, 0)
    const result = await autocannon({ ...target, duration: durationSeconds })
    await settle()
    const served = served2xx - servedBefore
    const rows = await countRows()
    const stored = rows.reduce((sum, row) => sum + row.count, 0) - rowsBefore
    const withExpectedStatus =
      (rows.find((row) => row.status === phase.expectedStatus)?.count ?? 0) - rowsBefore
    const tooMany = result.statusCodeStats?.['429']?.count ?? 0
    const clientSawAllButInFlight = result['2xx'] <= served && served <= result['2xx'] + connections
    // A repeat may be answered with a row stored during the warm-up; count only this run's.
    const distinct = [...answeredIds].filter((id) => !rowsBeforeIds.has(id)).length
    const duplicates = await countDuplicates()
    const rowsOk = bodies
      ? stored === distinct &&
        duplicates === 0 &&
        withExpectedStatus === stored &&
        bodies.repeats > repeatsBefore &&
        result['5xx'] === 0
      : stored === served &&
        withExpectedStatus === stored &&
        clientSawAllButInFlight &&
        result['5xx'] === 0
    return {
      phase: phase.name,
      'req/s': Math.round(result.requests.average),
      'p99 ms': result.latency.p99,
      '2xx sent': served,
      '2xx seen': result['2xx'],
      'too many (429)': tooMany,
      'other non-2xx': result.non2xx - tooMany,
      errors: result.errors + result.timeouts,
      rows: stored,
      'distinct successes': bodies ? distinct : '-',
      'repeats sent': bodies ? bodies.repeats - repeatsBefore : '-',
      duplicates: bodies ? duplicates : '-',
      'rows ok': rowsOk ? `yes (all ${phase.expectedStatus})` : 'NO',
    }
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
    await database.close()
    await functions.close()
    await rm(workDir, { recursive: true, force: true })
  }
}

// Bounded in time whatever happens: phases plus generous start-up and shut-down allowance.
const deadline = setTimeout(
  () => {
    console.error('Load test exceeded its time bound')
    process.exit(2)
  },
  (durationSeconds * phases.length + 90) * 1000,
)
deadline.unref()

const reports: PhaseReport[] = []
for (const phase of phases) {
  console.log(`Running "${phase.name}" for ${durationSeconds}s with ${connections} connections...`)
  reports.push(await runPhase(phase))
}
console.table(reports)
const failed = reports.filter((report) => report['rows ok'] === 'NO')
if (failed.length > 0) {
  console.error(
    `Stored rows did not match successful answers in: ${failed.map((r) => r.phase).join(', ')}`,
  )
  process.exitCode = 1
} else {
  console.log(
    'Every successful answer has exactly one stored row; repeated requestIds made no second row.',
  )
}
