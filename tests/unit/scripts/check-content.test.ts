// Broken content is stopped with the writer's report everywhere it could slip through: the
// production build fails, and while site.yaml (which every page shows) is broken the dev server
// answers every page with the list of problems. (A problem in any other entry only stops the
// pages that use it: tests/dev/content-loop.spec.ts.)
import { execFile } from 'node:child_process'
import { cp } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import { createServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copySite, NO_DEPENDENCY_BUNDLING } from '../helpers/site-copy.ts'
import { timeLimit } from '../../harness/time-limit.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../../..')
let project: string
let remove: () => Promise<void>

// A copy of the site whose content is the deliberately broken fixture.
beforeAll(async () => {
  ;({ project, remove } = await copySite('broken-content-site-', (copy) =>
    cp(path.join(root, 'tests/fixtures/broken-content/content'), path.join(copy, 'content'), {
      recursive: true,
    }),
  ))
})

afterAll(() => remove())

describe('broken content', () => {
  it('fails `vike build`, printing every problem', { timeout: timeLimit(120_000) }, async () => {
    const result = await run(path.join(root, 'node_modules/.bin/vike'), ['build'], {
      cwd: project,
    }).then(
      (output) => ({ code: 0, ...output }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    )
    expect(result.code).not.toBe(0)
    const output = result.stdout + result.stderr
    expect(output).toContain('18 content problems in 9 files:')
    expect(output).toContain(
      'content/site.yaml:8:1  phon  unknown field "phon"; did you mean "phone"?',
    )
    expect(output).toContain(
      'content/industries/web-dev.yaml:17:1  faq  there is no faqs entry "web-development" (content/faqs/); known: broken, web-dev',
    )
  })

  it(
    'makes the dev server answer pages with the report',
    { timeout: timeLimit(60_000) },
    async () => {
      // The dev server mounts the contact function; keep its database in memory for this test.
      process.env.LEADS_DATA_DIR = 'memory://'
      const server = await createServer({
        root: project,
        configFile: path.join(project, 'vite.config.ts'),
        logLevel: 'silent',
        server: { host: '127.0.0.1', port: 0 },
        ...NO_DEPENDENCY_BUNDLING,
      })
      try {
        await server.listen()
        const { port } = server.httpServer!.address() as AddressInfo
        const response = await fetch(`http://127.0.0.1:${port}/`, {
          headers: { accept: 'text/html' },
        })
        expect(response.status).toBe(500)
        const html = await response.text()
        expect(html).toContain('<h1>18 content problems in 9 files:</h1>')
        expect(html).toContain(
          'content/pages/home.yaml:6:5  sections[0].type  must be one of "hero", "faq"',
        )
        expect(html).toContain('/@vite/client')
      } finally {
        await server.close()
        delete process.env.LEADS_DATA_DIR
      }
    },
  )
})
