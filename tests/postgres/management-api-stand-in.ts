// A stand-in for Supabase's Management API (https://api.supabase.com/v1/…) on 127.0.0.1, for the
// real Supabase CLI to deploy to (./backend-deploy.test.ts; the CLI reaches it through a
// profile file whose api_url is this server). It records every request, the token and secret
// values left out (a secret's value is kept as its SHA-256 only), and answers the endpoints the
// deploy's commands call in the shapes the CLI parses: the response schemas the CLI 3.1.0
// binary embeds, generated from the API's OpenAPI document (V1ProjectWithDatabaseResponse,
// ApiKeyResponse, SupavisorConfigResponse, FunctionResponse, the v1DeployAFunction request),
// as the registry's supabase-management-js types them too. `POST …/database/query` runs the SQL
// on the given PostgreSQL as the real endpoint runs it on the project's, answering the last
// statement's rows (201), or 400 with the server's error. Anything else is a 404, recorded.
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import pg from 'pg'
import { listenOnLoopback, type LoopbackServer } from '../../server/listen-on-loopback.ts'

export interface Recorded {
  method: string
  path: string
  query: Record<string, string>
  /** JSON as sent; a multipart upload as its parts (files by name, `metadata` parsed). */
  body?: unknown
  status: number
}

export interface FunctionUpload {
  slug: string
  metadata: Record<string, unknown>
  files: string[]
}

export interface ManagementApi extends LoopbackServer {
  requests: Recorded[]
  /** Each project's secrets: name → SHA-256 of the value (never the value). */
  secrets: Map<string, Map<string, string>>
  /** Answer this method and path (without /v1/projects/<ref>) with a 400, to see a call fail. */
  failing?: string
}

const NOW = '2026-01-01T00:00:00.000Z'
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

const project = (ref: string) => ({
  id: ref,
  ref,
  organization_id: 'stand-in-org',
  organization_slug: 'stand-in-org',
  name: `stand-in ${ref}`,
  region: 'eu-central-1',
  created_at: NOW,
  status: 'ACTIVE_HEALTHY',
  database: {
    host: `db.${ref}.supabase.co`,
    version: '15.8.1.100',
    postgres_engine: '15',
    release_channel: 'ga',
  },
})

const apiKey = (name: string, ref: string) => ({
  name,
  api_key: `${name}-key-of-${ref}`,
  id: name,
  type: 'legacy',
  hash: '',
  prefix: '',
  description: '',
  inserted_at: NOW,
  updated_at: NOW,
})

const pooler = (ref: string) => {
  const user = `postgres.${ref}`
  const host = 'aws-0-eu-central-1.pooler.supabase.com'
  return [
    {
      identifier: ref,
      database_type: 'PRIMARY',
      is_using_scram_auth: true,
      db_user: user,
      db_host: host,
      db_port: 5432,
      db_name: 'postgres',
      connection_string: `postgresql://${user}:[YOUR-PASSWORD]@${host}:5432/postgres`,
      default_pool_size: 15,
      max_client_conn: 200,
      pool_mode: 'transaction',
    },
  ]
}

/** A multipart/form-data body's parts: files by name and size, other fields parsed as JSON. */
function multipart(body: Buffer, contentType: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType)
  if (!boundary) return { error: 'no boundary' }
  const marker = Buffer.from(`--${boundary[1] ?? boundary[2]}`)
  const parts: { name?: string; filename?: string; size: number; json?: unknown }[] = []
  let at = body.indexOf(marker)
  while (at >= 0) {
    const start = at + marker.length
    if (body.subarray(start, start + 2).toString() === '--') break
    const next = body.indexOf(marker, start)
    if (next < 0) break
    const part = body.subarray(start + 2, next - 2)
    const split = part.indexOf('\r\n\r\n')
    const head = part.subarray(0, split).toString()
    const content = part.subarray(split + 4)
    const name = /name="([^"]*)"/i.exec(head)?.[1]
    const filename = /filename="([^"]*)"/i.exec(head)?.[1]
    parts.push({
      name,
      filename,
      size: content.length,
      ...(filename === undefined && { json: JSON.parse(content.toString()) as unknown }),
    })
    at = next
  }
  return { parts }
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const body = Buffer.concat(chunks)
  if (!body.length) return undefined
  const type = req.headers['content-type'] ?? ''
  if (type.startsWith('multipart/')) return multipart(body, type)
  return JSON.parse(body.toString()) as unknown
}

/** Runs `sql` as the real endpoint does: the last statement's rows, or the server's error. */
async function runSql(connectionString: string, sql: string): Promise<[number, unknown]> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    const result = (await client.query(sql)) as pg.QueryResult | pg.QueryResult[]
    return [201, (Array.isArray(result) ? result.at(-1) : result)?.rows ?? []]
  } catch (error) {
    const { code = '', message = String(error) } = error as { code?: string; message?: string }
    return [400, { message: `Failed to run sql query: ERROR:  ${code}: ${message}\n` }]
  } finally {
    await client.end()
  }
}

/** Starts the stand-in; `database` is where `POST …/database/query` runs its SQL. */
export async function startManagementApi(database: string): Promise<ManagementApi> {
  const requests: Recorded[] = []
  const secrets = new Map<string, Map<string, string>>()
  const functions = new Map<string, Map<string, Record<string, unknown>>>()
  async function answer(record: Recorded): Promise<[number, unknown?]> {
    const match = /^\/v1\/projects\/([a-z0-9]+)(\/.*)?$/.exec(record.path)
    if (!match) return [404, { message: `stand-in: no route for ${record.method} ${record.path}` }]
    const [, ref = '', sub = ''] = match
    const route = `${record.method} ${sub}`
    if (api.failing === route) return [400, { message: 'stand-in: failing on purpose' }]
    const projectSecrets = secrets.get(ref) ?? new Map<string, string>()
    secrets.set(ref, projectSecrets)
    const projectFunctions = functions.get(ref) ?? new Map<string, Record<string, unknown>>()
    functions.set(ref, projectFunctions)
    switch (route) {
      case 'GET ':
        return [200, project(ref)]
      case 'GET /api-keys':
        return [200, [apiKey('anon', ref), apiKey('service_role', ref)]]
      case 'GET /config/storage':
        return [
          200,
          {
            fileSizeLimit: 52428800,
            features: { imageTransformation: { enabled: true }, s3Protocol: { enabled: true } },
          },
        ]
      case 'GET /config/database/pooler':
        return [200, pooler(ref)]
      case 'GET /branches':
        return [200, []]
      case 'POST /secrets': {
        const sent = record.body as { name: string; value: string }[]
        for (const { name, value } of sent) projectSecrets.set(name, sha256(value))
        record.body = { names: sent.map(({ name }) => name) }
        return [201]
      }
      case 'GET /secrets':
        return [200, [...projectSecrets].map(([name, value]) => ({ name, value, updated_at: NOW }))]
      case 'GET /functions':
        return [200, [...projectFunctions.values()]]
      case 'POST /functions/deploy': {
        const slug = record.query.slug ?? ''
        const parts = (record.body as ReturnType<typeof multipart>).parts ?? []
        const metadata = (parts.find((part) => part.name === 'metadata')?.json ?? {}) as Record<
          string,
          unknown
        >
        const before = projectFunctions.get(slug)
        const deployed = {
          id: `function-${slug}`,
          slug,
          name: metadata.name ?? slug,
          status: 'ACTIVE',
          version: ((before?.version as number | undefined) ?? 0) + 1,
          created_at: Date.parse(NOW),
          updated_at: Date.parse(NOW),
          verify_jwt: metadata.verify_jwt ?? true,
          import_map: !!metadata.import_map_path,
          entrypoint_path: metadata.entrypoint_path,
          import_map_path: metadata.import_map_path,
          ezbr_sha256: '0'.repeat(64),
        }
        projectFunctions.set(slug, deployed)
        return [201, deployed]
      }
      case 'POST /database/query':
        return runSql(database, (record.body as { query: string }).query)
    }
    if (record.method === 'GET' && sub.startsWith('/functions/')) {
      const found = projectFunctions.get(sub.slice('/functions/'.length))
      return found ? [200, found] : [404, { message: 'Function not found' }]
    }
    return [404, { message: `stand-in: no route for ${record.method} ${record.path}` }]
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    void readBody(req)
      .then(async (body) => {
        const record: Recorded = {
          method: req.method ?? '',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          body,
          status: 0,
        }
        const [status, answered] = await answer(record)
        record.status = status
        requests.push(record)
        const text = answered === undefined ? '' : JSON.stringify(answered)
        res.writeHead(status, text ? { 'content-type': 'application/json' } : {}).end(text)
      })
      .catch((error: unknown) => res.writeHead(500).end(String(error)))
  })
  const api: ManagementApi = Object.assign(await listenOnLoopback(server), { requests, secrets })
  return api
}

/** What the deploy uploaded for each function, in order. */
export const functionUploads = (requests: Recorded[]): FunctionUpload[] =>
  requests
    .filter((request) => request.method === 'POST' && request.path.endsWith('/functions/deploy'))
    .map((request) => {
      const parts = (request.body as ReturnType<typeof multipart>).parts ?? []
      return {
        slug: request.query.slug ?? '',
        metadata: (parts.find((part) => part.name === 'metadata')?.json ?? {}) as Record<
          string,
          unknown
        >,
        files: parts.flatMap((part) => (part.filename ? [part.filename] : [])),
      }
    })
