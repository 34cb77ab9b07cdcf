import { defineConfig } from 'vitest/config'
import { previewDefine } from './site/preview-build.ts'

export default defineConfig({
  // The app's build-time constants, as `npm run build` sets them (vite.config.ts).
  define: previewDefine(process.env),
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // A time-out catches a hang, not slowness: on a busy 2-core machine, generating the schemas
    // and CONTENT.md once took 6 s against the default 5.
    testTimeout: 30_000,
  },
})
