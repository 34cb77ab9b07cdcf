// Mounts the send-contact-email function in the Vite dev server (`npm run dev`), so the forms
// work there exactly as under `npm start`.
import type { Plugin } from 'vite'

export function localFunctions(): Plugin {
  return {
    name: 'local-functions',
    apply: 'serve',
    async configureServer(server) {
      // Imported here so a production build never loads the embedded database.
      const { createFunctionsMiddleware, localOrigins } = await import('../../server/functions.ts')
      const port = server.config.server.port ?? 3000
      const functions = await createFunctionsMiddleware({
        env: { ALLOWED_ORIGINS: localOrigins(port), ...process.env },
      })
      server.middlewares.use(functions.middleware)
      server.httpServer?.once('close', () => void functions.close())
    },
  }
}
