import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'
import { previewDefine } from './site/preview-build.ts'
import { testWorkers } from './tests/harness/test-workers.ts'
import { SITE_COPIES_PROJECT } from './tests/harness/unit-projects.ts'
import { timeLimit } from './tests/harness/time-limit.ts'

const UNIT_FOLDER = 'tests/unit'
const UNIT_TESTS = `${UNIT_FOLDER}/**/*.test.{ts,tsx}`

const unitFiles = readdirSync(path.join(import.meta.dirname, UNIT_FOLDER), {
  recursive: true,
  encoding: 'utf8',
})
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.posix.join(UNIT_FOLDER, file.split(path.sep).join('/')))
  .map((file) => ({ file, text: readFileSync(path.join(import.meta.dirname, file), 'utf8') }))
const unitFilesWhere = (pattern: RegExp) =>
  unitFiles.filter(({ text }) => pattern.test(text)).map(({ file }) => file)

// Files that replace a module (vi.mock) for the modules they import: that takes a module graph
// of their own, which an earlier file in the same worker must not have loaded already. Found by
// reading the files, so a new one is isolated without anyone listing it.
const MODULE_MOCKS = unitFilesWhere(/\bvi\.(mock|doMock)\(/)

// Files that copy the site (tests/unit/helpers/site-copy.ts) to build or serve the copy: a
// project of their own (./tests/harness/unit-projects.ts), found the same way.
const SITE_COPIES = unitFilesWhere(/\b(copySite|copySmallSite)\(/)

export default defineConfig({
  // The app's build-time constants, as `npm run build` sets them (vite.config.ts).
  define: previewDefine(process.env),
  test: {
    environment: 'node',
    // One file per core this suite may use (./tests/harness/test-workers.ts): several files build
    // a site or start servers, which must not outnumber the cores.
    maxWorkers: testWorkers(),
    // A time-out catches a hang, not slowness: on a busy 2-core machine, generating the schemas
    // and CONTENT.md once took 6 s against the default 5.
    testTimeout: timeLimit(30_000),
    // A set-up copies the site or opens a database: on a busy machine a copy once took longer
    // than Vitest's default 10 s, and the whole file failed in its hook.
    hookTimeout: timeLimit(60_000),
    projects: [
      {
        extends: true,
        // The files share their workers' loaded modules: importing the build, the content
        // schemas and Vite afresh for every file was a third of the suite's time (51 small
        // files: 66 s alone, 36 s sharing).
        test: {
          name: 'unit',
          include: [UNIT_TESTS],
          exclude: [...configDefaults.exclude, ...MODULE_MOCKS, ...SITE_COPIES],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'unit, own modules', include: MODULE_MOCKS } },
      {
        extends: true,
        test: {
          name: SITE_COPIES_PROJECT,
          include: SITE_COPIES,
          exclude: [...configDefaults.exclude, ...MODULE_MOCKS],
          isolate: false,
        },
      },
    ],
  },
})
