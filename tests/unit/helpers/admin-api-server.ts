// The dev server's editor API (builder/admin/api.ts) alone on 127.0.0.1, as the dev server mounts
// it: its own addresses are the port it listens on, and what it does not answer is a 404.
import { createServer } from 'node:http'
import { adminApi, type AdminApiOptions } from '../../../builder/admin/api.ts'
import { ownServer } from '../../../builder/admin/request-guard.ts'
import { listenOnLoopback, type LoopbackServer } from '../../../server/listen-on-loopback.ts'

export async function serveAdminApi(
  options: Omit<AdminApiOptions, 'ownServer'>,
): Promise<LoopbackServer & { port: number }> {
  let port = 0
  const api = adminApi({ ...options, ownServer: () => ownServer(port, []) })
  const server = await listenOnLoopback(
    createServer((req, res) => void api(req, res, () => res.writeHead(404).end())),
  )
  port = Number(new URL(server.origin).port)
  return { ...server, port }
}
