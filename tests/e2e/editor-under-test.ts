// Where the editor's GitHub-mode specs (editor-sign-in, editorial-workflow) find it: the built
// editor of the build this suite tests (dist/client/admin/, builder/admin/editor-build.ts), served
// in the Playwright worker as `npm start` serves it (server/static.ts behind server/http-edge.ts)
// with the github-oauth function mounted as server/functions.ts mounts it, signing in at a fake
// github.com (../fake-github/oauth.ts). Its config.json is the build's own
// (liveEditorConfig, one source) for the fake's repository, and its calls to
// https://api.github.com, the one API its policy lets it reach, are sent on to the fake's REST
// API (../fake-github/repo.ts), whose main holds the content/ the build was made from. No
// database and no child process: a worker starts in well under a second.
import path from 'node:path'
import { test as base, type Page } from '@playwright/test'
import { liveEditorConfig } from '../../builder/admin/editor-build.ts'
import { readBuiltSite } from '../../server/built-with.ts'
import { createGitHubOAuthMiddleware } from '../../server/functions.ts'
import { securityHeadersOf } from '../../server/headers.ts'
import { createEdgeServer } from '../../server/http-edge.ts'
import { listenOnLoopback } from '../../server/listen-on-loopback.ts'
import { readBuiltHeaderRules } from '../../server/headers.ts'
import { createStaticSite } from '../../server/static.ts'
import { GITHUB_OAUTH_FUNCTION_PATH } from '../../supabase/functions/_shared/github-sign-in.ts'
import { silentLogger } from '../../supabase/functions/send-contact-email/logger.ts'
import { EDITOR_PATH } from '../../site/editor.ts'
import { startFakeGitHubOAuth, type FakeGitHubOAuth } from '../fake-github/oauth.ts'
import { fakeGitHubFixture, workerFake, type FakeGitHubRepo } from '../fake-github/repo.ts'
import { clientDir } from './built-site.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const DIST = path.dirname(clientDir)

/** The repository the editor commits to: the fake's. */
export const EDITOR_REPO = 'panelwise/site'

/** Decap's GitHub backend's default API root, which the built editor's policy allows. */
const GITHUB_API = 'https://api.github.com'

/** The OAuth app the fake github.com knows and the exchange signs in with. */
const OAUTH_APP = { clientId: 'Iv1.test-app', clientSecret: 'test-app-secret' }

export interface ServedEditor {
  /** http://127.0.0.1:<port> of the site. */
  origin: string
  /**
   * The editor's page at its canonical address, `<origin>/admin` (`/admin/` is redirected there, as
   * on Cloudflare): a route after `#` opens an entry without reloading the page.
   */
  adminURL: string
  /** The content/ folder the build was made from: the fake's main starts as it. */
  contentDir: string
  /** Sends `page`'s calls to GitHub's API on to the fake; call before it opens the editor. */
  connect(page: Page): Promise<void>
  stop(): Promise<void>
}

/**
 * Serves the built site with the editor set to save to `repo` of the fake REST API at
 * `apiOrigin` and to sign in through the fake github.com `oauth`, whose app it registers.
 */
export async function serveEditor(github: {
  repo: string
  apiOrigin: string
  oauth: FakeGitHubOAuth
}): Promise<ServedEditor> {
  const rules = readBuiltHeaderRules(DIST)
  const { basePath } = readBuiltSite(DIST)
  const site = createStaticSite(clientDir, rules, silentLogger, basePath)
  const configPath = `${basePath}${EDITOR_PATH.slice(1)}/config.json`
  const config = JSON.stringify(
    await liveEditorConfig(ROOT, { CMS_GITHUB_REPO: github.repo }, basePath),
  )
  const server = createEdgeServer({
    securityHeaders: securityHeadersOf(rules),
    logger: silentLogger,
    handle: async (req, res) => {
      if (new URL(req.url ?? '/', 'http://site').pathname === configPath) {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
        res.end(config)
        return
      }
      const signIn = await opening
      await new Promise<void>((resolve, reject) => {
        signIn.middleware(req, res, () => site.handle(req, res).then(resolve, reject))
        res.once('close', resolve)
      })
    },
  })
  const listening = listenOnLoopback(server)
  // The exchange allows the site's origin, known once it listens.
  const opening = listening.then(({ origin }) =>
    createGitHubOAuthMiddleware(
      {
        CMS_GITHUB_CLIENT_ID: OAUTH_APP.clientId,
        CMS_GITHUB_CLIENT_SECRET: OAUTH_APP.clientSecret,
        CMS_OAUTH_STATE_KEY: 'a-state-key-for-these-tests-only-0123456789',
        ALLOWED_ORIGINS: origin,
        CMS_GITHUB_OAUTH_URL: github.oauth.origin,
      },
      () => {},
    ),
  )
  const { origin, close } = await listening
  await opening
  github.oauth.registerApp({
    ...OAUTH_APP,
    callbackUrl: `${origin}${GITHUB_OAUTH_FUNCTION_PATH}/callback`,
  })
  return {
    origin,
    adminURL: `${origin}${basePath}${EDITOR_PATH.slice(1)}`,
    contentDir: path.join(ROOT, 'content'),
    async connect(page) {
      await page.route(`${GITHUB_API}/**`, async (route) => {
        // Forwarded by this process, not by route.fetch: a response route.fetch holds can be
        // disposed before route.fulfill sends it, when the editor's calls overlap the end of a
        // step ("Fetch response has been disposed", once in a full run).
        const request = route.request()
        const { pathname, search } = new URL(request.url())
        const body = request.postDataBuffer()
        const answer = await fetch(`${github.apiOrigin}${pathname}${search}`, {
          method: request.method(),
          headers: withoutHopHeaders(await request.allHeaders()),
          body: body ? new Uint8Array(body) : undefined,
        })
        await route.fulfill({
          status: answer.status,
          headers: withoutHopHeaders(Object.fromEntries(answer.headers)),
          body: Buffer.from(await answer.arrayBuffer()),
        })
      })
    },
    stop: close,
  }
}

/** Headers that describe one connection or encoding, which the forwarder's own fetch sets. */
const HOP_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'content-encoding',
  'transfer-encoding',
])
const withoutHopHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name)))

/**
 * The specs' fixtures, one of each per worker: the fake GitHub (`github`, its main holding the
 * built content), the fake github.com sign-in (`githubOAuth`) and the served editor (`editor`).
 */
export const test = base.extend<
  object,
  { github: FakeGitHubRepo; githubOAuth: FakeGitHubOAuth; editor: ServedEditor }
>({
  github: fakeGitHubFixture(EDITOR_REPO),
  githubOAuth: workerFake(startFakeGitHubOAuth),
  editor: [
    async ({ github, githubOAuth }, provide) => {
      const editor = await serveEditor({
        repo: EDITOR_REPO,
        apiOrigin: github.origin,
        oauth: githubOAuth,
      })
      try {
        await github.importFolder(editor.contentDir, 'content')
        await provide(editor)
      } finally {
        await editor.stop()
      }
    },
    { scope: 'worker' },
  ],
})

export { expect } from '@playwright/test'
