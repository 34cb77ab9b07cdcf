import { defineConfig } from 'vitest/config'
import { previewDefine } from './site/preview-build.ts'
import { testWorkers } from './tools/lib/test-workers.ts'
import { timeLimit } from './tools/lib/time-limit.ts'

export default defineConfig({
  // The app's build-time constants, as `npm run build` sets them (vite.config.ts).
  define: previewDefine(process.env),
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    // One file per core this suite may use (./tools/lib/test-workers.ts): several files build
    // a site or start servers, which must not outnumber the cores.
    maxWorkers: testWorkers(),
    // A time-out catches a hang, not slowness: on a busy 2-core machine, generating the schemas
    // and CONTENT.md once took 6 s against the default 5.
    testTimeout: timeLimit(30_000),
    // A set-up copies the site or opens a database: on a busy machine a copy once took longer
    // than Vitest's default 10 s, and the whole file failed in its hook.
    hookTimeout: timeLimit(60_000),
  },
})
