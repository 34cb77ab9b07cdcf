// Servers that tools and tests start listen on loopback only, on a port the system picks, and
// close without waiting for idle keep-alive connections (a browser holds them open).
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  origin: string
  close(): Promise<void>
}

export async function listenOnLoopback(server: Server): Promise<LoopbackServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
