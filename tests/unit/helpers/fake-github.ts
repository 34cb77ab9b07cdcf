// A local stand-in for the parts of GitHub's REST API the review steps call: an issue's comments,
// a repository's Pages settings and commit statuses. It records every request, so a test asserts what was asked.
import { createServer, type IncomingMessage } from 'node:http'
import { listenOnLoopback } from '../../../server/listen-on-loopback.ts'

export interface FakeComment {
  id: number
  body: string
  html_url: string
  user: { login: string; type: string }
}

export interface RecordedRequest {
  method: string
  /** Path and query, as sent. */
  url: string
  authorization?: string
  body?: Record<string, unknown>
}

export interface FakeGitHubOptions {
  /** The pull request's comments already there. */
  comments?: FakeComment[]
  /** GET /repos/{owner}/{repo}/pages: the site, or undefined for 404 (Pages not enabled). */
  pages?: Record<string, unknown>
  /** Writes answer 403, as for a fork's read-only token. */
  readOnly?: boolean
}

export interface FakeGitHub {
  origin: string
  requests: RecordedRequest[]
  comments: FakeComment[]
  close(): Promise<void>
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const requests: RecordedRequest[] = []
  const comments = [...(options.comments ?? [])]
  let nextId = 1000
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readJson(req)
      requests.push({
        method: req.method!,
        url: req.url!,
        authorization: req.headers.authorization,
        body,
      })
      const send = (status: number, data: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
        res.end(JSON.stringify(data))
      }
      const { pathname } = new URL(req.url!, 'http://fake')
      const list = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(pathname)
      const one = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(pathname)
      const pages = /^\/repos\/([^/]+)\/([^/]+)\/pages$/.exec(pathname)
      const status = /^\/repos\/([^/]+)\/([^/]+)\/statuses\/([0-9a-f]{40})$/.exec(pathname)
      const writes = req.method !== 'GET'
      if (writes && options.readOnly)
        return send(403, {
          message: 'Resource not accessible by integration',
          status: '403',
        })
      if (list && req.method === 'GET') return send(200, comments)
      if (list && req.method === 'POST') {
        const id = nextId++
        const comment: FakeComment = {
          id,
          body: String(body?.body),
          html_url: `https://github.com/${list[1]}/${list[2]}/pull/${list[3]}#issuecomment-${id}`,
          user: { login: 'github-actions[bot]', type: 'Bot' },
        }
        comments.push(comment)
        return send(201, comment)
      }
      if (one && req.method === 'PATCH') {
        const comment = comments.find((candidate) => candidate.id === Number(one[3]))
        if (!comment) return send(404, { message: 'Not Found' })
        comment.body = String(body?.body)
        return send(200, comment)
      }
      if (status && req.method === 'POST') return send(201, { id: nextId++, ...body })
      if (pages && req.method === 'GET')
        return options.pages ? send(200, options.pages) : send(404, { message: 'Not Found' })
      send(404, { message: `the fake has no ${req.method} ${pathname}` })
    })()
  })
  const served = await listenOnLoopback(server)
  return { origin: served.origin, requests, comments, close: served.close }
}
