// The editing UI's server side: the local mode writes only under content/ and only what the
// content check accepts, refusing with the check's sentence; the GitHub mode is configured from
// the environment, with the pull-request workflow.
import { cp, mkdir, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { collections } from '../../../../content/schema/collections.ts'
import { existsSync } from 'node:fs'
import { parse } from 'yaml'
import {
  backendFromEnv,
  liveBackendFromEnv,
  SIGN_IN_PAGE,
} from '../../../../builder/admin/backend-env.ts'
import { EDITOR_CALLBACK_PAGE } from '../../../../supabase/functions/_shared/github-sign-in.ts'
import { decapConfig } from '../../../../builder/admin/decap-config.ts'
import { PREVIEW_STATUS_CONTEXT } from '../../../../site/preview-build.ts'
import { localBackend } from '../../../../builder/admin/local-backend.ts'
import { timeLimit } from '../../../harness/time-limit.ts'
import { serveAdminApi } from '../../helpers/admin-api-server.ts'
import { scratchDir } from '../../helpers/scratch-dir.ts'

const repository = path.resolve(import.meta.dirname, '../../../..')
const project = scratchDir('editing-ui-')

// A project whose content/ is a copy (the editor writes there) and the rest links to this one.
beforeAll(async () => {
  for (const name of await readdir(repository))
    if (name !== 'content') await symlink(path.join(repository, name), path.join(project(), name))
  await cp(path.join(repository, 'content'), path.join(project(), 'content'), { recursive: true })
})

const faq = 'content/faqs/about.yaml'

describe('the local mode', () => {
  it(
    'saves an entry the content check accepts',
    async () => {
      const answer = localBackend({ root: project(), collections })
      const raw = (await readFile(path.join(project(), faq), 'utf8')).replace(
        'Who founded Panelwise?',
        'Who started Panelwise?',
      )
      expect(
        await answer({ action: 'persistEntry', params: { entry: { path: faq, raw }, assets: [] } }),
      ).toEqual({
        status: 200,
        body: { message: 'entry persisted' },
      })
      expect(await readFile(path.join(project(), faq), 'utf8')).toBe(raw)
    },
    timeLimit(20_000),
  )

  it(
    'refuses a bad value with the check’s sentence and writes nothing',
    async () => {
      const answer = localBackend({ root: project(), collections })
      const before = await readFile(path.join(project(), faq), 'utf8')
      const raw = before.replace(
        '  - question: Where are you based?',
        '  - questoin: Where are you based?',
      )
      const refused = await answer({
        action: 'persistEntry',
        params: { entry: { path: faq, raw }, assets: [] },
      })
      expect(refused.status).toBe(422)
      expect((refused.body as { error: string }).error).toContain(
        `${faq}:8:5  items[1].questoin  unknown field "questoin"; did you mean "question"?`,
      )
      expect(await readFile(path.join(project(), faq), 'utf8')).toBe(before)
    },
    timeLimit(20_000),
  )

  it('touches nothing outside content/', async () => {
    const answer = localBackend({ root: project(), collections })
    const refused = await answer({
      action: 'persistEntry',
      params: { entry: { path: 'package.json', raw: '{}' }, assets: [] },
    })
    expect(refused).toEqual({
      status: 422,
      body: {
        error: expect.stringMatching(
          /^"package\.json" is outside content\/: the editor may touch only the collections' folders in content\/ \(articles, /,
        ),
      },
    })
  })

  it('writes no file deeper than a collection’s folder, which the content check never reads (issue 75)', async () => {
    const answer = localBackend({ root: project(), collections })
    const raw = '---\ntitle: x\n---\n\n<script>alert(1)</script>\n'
    const refused = await answer({
      action: 'persistEntry',
      params: { entry: { path: 'content/articles/sub/evil.mdx', raw }, assets: [] },
    })
    expect(refused).toEqual({
      status: 422,
      body: {
        error:
          '"content/articles/sub/evil.mdx" is refused: a collection\'s entries sit directly in its folder (and its pictures in images/), which is all the content check reads',
      },
    })
    expect(existsSync(path.join(project(), 'content/articles/sub'))).toBe(false)
  })

  it('answers the preview’s address of entries only, never of a file outside content/ (issue 75)', async () => {
    const outside = path.join(path.dirname(project()), `${path.basename(project())}-outside`)
    await mkdir(outside, { recursive: true })
    await writeFile(path.join(outside, 'leak.yaml'), 'path: /the-secret-field\n')
    // The same file reached through a link from the pages' folder.
    await symlink(path.join(outside, 'leak.yaml'), path.join(project(), 'content/pages/leak.yaml'))
    const server = await serveAdminApi({
      root: project(),
      collections,
      backend: backendFromEnv({}, '/admin/api/v1'),
    })
    const previewPath = async (slug: string) => {
      const answer = await fetch(`${server.origin}/admin/api/preview-path`, {
        method: 'POST',
        headers: {
          origin: server.origin,
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
        },
        body: JSON.stringify({ collection: 'pages', slug }),
      })
      return ((await answer.json()) as { path: unknown }).path
    }
    try {
      const relative = path.relative(path.join(project(), 'content/pages'), outside)
      expect(await previewPath(`${relative}/leak`)).toBe(null)
      expect(await previewPath('leak')).toBe(null)
      expect(await previewPath('linkedin')).toBe('/linkedin')
    } finally {
      await server.close()
      await rm(path.join(project(), 'content/pages/leak.yaml'))
      await rm(outside, { recursive: true, force: true })
    }
  })

  it('lists a folder’s entries with their text', async () => {
    const answer = localBackend({ root: project(), collections })
    const listed = await answer({
      action: 'entriesByFolder',
      params: { folder: 'content/tags', extension: 'yaml', depth: 1 },
    })
    const entries = listed.body as { file: { path: string }; data: string }[]
    expect(entries.map((entry) => entry.file.path)).toContain('content/tags/hiring-process.yaml')
    expect(entries[0]!.data).toContain('title:')
  })
})

describe('the GitHub mode', () => {
  it('commits through a branch and a pull request, to the API and OAuth server given', () => {
    const backend = backendFromEnv(
      {
        CMS_BACKEND: 'github',
        CMS_GITHUB_REPO: 'panelwise/site',
        CMS_GITHUB_API_ROOT: 'http://127.0.0.1:9999',
        CMS_OAUTH_BASE_URL: 'https://oauth.example',
      },
      '/admin/api/v1',
    )
    const config = decapConfig(collections, backend, new Proxy({}, { get: () => [] }))
    expect(config.publish_mode).toBe('editorial_workflow')
    expect(config.backend).toEqual({
      name: 'github',
      repo: 'panelwise/site',
      branch: 'main',
      api_root: 'http://127.0.0.1:9999',
      base_url: 'https://oauth.example',
      // The status CI's preview job sets (operations/previews/pages-preview.ts): "View Preview".
      preview_context: PREVIEW_STATUS_CONTEXT,
    })
    expect(config.local_backend).toBeUndefined()
  })

  // What a save on `npm run dev` in this mode goes through before Decap sends anything to GitHub
  // (admin/save-check.ts): the dev server's /admin/api/check. The mode's whole way in a browser
  // is the built editor's (tests/e2e/editorial-workflow.spec.ts).
  it('checks a save on the dev server with the content check’s sentence, and offers no file access', async () => {
    const server = await serveAdminApi({
      root: repository,
      collections,
      backend: backendFromEnv(
        { CMS_BACKEND: 'github', CMS_GITHUB_REPO: 'panelwise/site' },
        '/admin/api/v1',
      ),
    })
    const post = (address: string, body: unknown) =>
      fetch(`${server.origin}${address}`, {
        method: 'POST',
        headers: {
          origin: server.origin,
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
        },
        body: JSON.stringify(body),
      })
    try {
      const data = parse(
        await readFile(path.join(repository, 'content/tags/hiring-process.yaml'), 'utf8'),
      ) as Record<string, unknown>
      const checked = await post('/admin/api/check', {
        collection: 'tags',
        slug: 'hiring-process',
        data: { ...data, description: 'Too short.' },
      })
      expect(checked.status).toBe(200)
      expect(await checked.json()).toEqual({
        file: 'content/tags/hiring-process.yaml',
        problems: [
          'content/tags/hiring-process.yaml:2:1  description  should be at least 50 characters so search engines show it',
        ],
      })
      const fine = await post('/admin/api/check', {
        collection: 'tags',
        slug: 'hiring-process',
        data,
      })
      expect(((await fine.json()) as { problems: string[] }).problems).toEqual([])
      // Decap saves through GitHub here: the local mode's file access is not answered.
      const local = await post('/admin/api/v1', { action: 'entriesByFolder', params: {} })
      expect(local.status).toBe(404)
    } finally {
      await server.close()
    }
  })

  it('says what is missing', () => {
    expect(() => backendFromEnv({ CMS_BACKEND: 'github' }, '/admin/api/v1')).toThrow(
      'CMS_BACKEND=github needs CMS_GITHUB_REPO=owner/name',
    )
    expect(() => backendFromEnv({ CMS_BACKEND: 'gitlab' }, '/admin/api/v1')).toThrow(
      'CMS_BACKEND must be "local" (the default) or "github", not "gitlab"',
    )
  })
})

describe("the built site's editor", () => {
  it("signs in through the site's own page, which Decap believes, under the site's base path", () => {
    const { backend } = liveBackendFromEnv({ GITHUB_REPOSITORY: 'panelwise/site' })
    const config = decapConfig(collections, backend!, new Proxy({}, { get: () => [] }))
    // No base_url: the page sets its own origin (admin/main.tsx), the origin of the callback
    // page whose messages Decap accepts.
    expect(config.backend).toEqual({
      name: 'github',
      repo: 'panelwise/site',
      branch: 'main',
      auth_endpoint: 'admin/sign-in',
      preview_context: PREVIEW_STATUS_CONTEXT,
    })
    expect(liveBackendFromEnv({ CMS_GITHUB_REPO: 'a/b' }, '/preview/').backend?.authEndpoint).toBe(
      'preview/admin/sign-in',
    )
    // The pages the popup walks through are pages of the editor's build (every admin/*.html).
    expect(existsSync(`${SIGN_IN_PAGE}.html`)).toBe(true)
    expect(existsSync(`${EDITOR_CALLBACK_PAGE}.html`)).toBe(true)
  })

  it('says what is missing: a repository', () => {
    expect(liveBackendFromEnv({}).missing).toContain(
      'it was built without CMS_GITHUB_REPO=owner/name (or GITHUB_REPOSITORY)',
    )
    expect(liveBackendFromEnv({ CMS_GITHUB_REPO: 'not a repo' }).backend).toBeUndefined()
  })

  it('offers no sign-in in a pull request’s preview build', () => {
    const preview = liveBackendFromEnv(
      { GITHUB_REPOSITORY: 'panelwise/site', SITE_PREVIEW: 'true' },
      '/site/pr-12/',
    )
    expect(preview.backend).toBeUndefined()
    expect(preview.missing).toContain('a preview of a pull request')
  })
})
