// A pull request's preview on GitHub Pages: its build, made for the address it will have, in a
// folder `pr-<number>/` of the branch Pages publishes; removed when the pull request closes.
// Only where the repository publishes Pages from that branch: no paid account, no other host.
import { spawn } from 'node:child_process'
import path from 'node:path'
import type { Octokit } from '@octokit/rest'
import { WITHOUT_EDITOR_VARIABLE } from '../../builder/admin/without-editor.ts'
import { PREVIEW_STATUS_CONTEXT } from '../../site/preview-build.ts'
import type { PullRequestEvent } from '../../review/github/pull-request-event.ts'
import { updateBranchFolder } from './pages-branch.ts'
import type { PreviewState } from '../../review/github/review-comment.ts'
import { statusOf } from '../../review/github/sticky-comment.ts'

/** The branch previews are committed to; Pages must publish it, from its root. */
export const PAGES_BRANCH = 'gh-pages'

const SETTING = `Settings → Pages → “Deploy from a branch”, branch \`${PAGES_BRANCH}\`, folder \`/ (root)\``

export const previewFolder = (number: number) => `pr-${number}`

export type PagesSite = { ok: true; url: string } | { ok: false; reason: string }

/** Where the repository's Pages site is, if previews can be published to it. */
export async function findPagesSite(
  octokit: Octokit,
  owner: string,
  repo: string,
): Promise<PagesSite> {
  try {
    const { data } = await octokit.rest.repos.getPages({ owner, repo })
    if (data.build_type === 'workflow')
      return {
        ok: false,
        reason: `GitHub Pages publishes this repository from a workflow; previews need ${SETTING}.`,
      }
    if (data.source && (data.source.branch !== PAGES_BRANCH || data.source.path !== '/'))
      return {
        ok: false,
        reason: `GitHub Pages publishes \`${data.source.branch}\` (\`${data.source.path}\`); previews need ${SETTING}.`,
      }
    if (!data.html_url) return { ok: false, reason: 'GitHub Pages gave no address for this site.' }
    return { ok: true, url: data.html_url.endsWith('/') ? data.html_url : `${data.html_url}/` }
  } catch (error) {
    if (statusOf(error) === 404)
      return {
        ok: false,
        reason: `GitHub Pages is not enabled for this repository; for a preview link, enable it: ${SETTING}.`,
      }
    throw error
  }
}

/** The preview's address and the base path its build is made with (SITE_BASE_PATH). */
export function previewAddress(siteUrl: string, number: number): { url: string; basePath: string } {
  const url = new URL(`${previewFolder(number)}/`, siteUrl)
  return { url: url.href, basePath: url.pathname }
}

export interface PreviewOptions {
  octokit: Octokit
  event: PullRequestEvent
  /** The checkout, whose remote is pushed to. */
  repoDir: string
  remote?: string
  /** Builds the site under `basePath` as a preview; resolves to the folder of its client files. */
  build: (basePath: string) => Promise<string>
}

export async function publishPreview(options: PreviewOptions): Promise<PreviewState> {
  const { octokit, event } = options
  if (event.fromFork)
    return {
      kind: 'unavailable',
      reason:
        'This pull request comes from a fork, whose workflow runs get a read-only token: nothing can be published.',
    }
  const site = await findPagesSite(octokit, event.owner, event.repo)
  if (!site.ok) return { kind: 'unavailable', reason: site.reason }
  const { url, basePath } = previewAddress(site.url, event.number)
  const status = (state: PreviewStatus['state'], description: string, target_url?: string) =>
    setPreviewStatus(octokit, event, { state, description, target_url })
  await status('pending', 'Building this pull request’s pages')
  try {
    const clientDir = await options.build(basePath)
    await updateBranchFolder({
      repoDir: options.repoDir,
      remote: options.remote ?? 'origin',
      branch: PAGES_BRANCH,
      folder: previewFolder(event.number),
      from: clientDir,
      message: `Preview of #${event.number} at ${event.headSha.slice(0, 7)}`,
    })
  } catch (error) {
    // The build's or the push's error is the one to report, not a failed status call.
    await status('failure', 'The preview could not be built or published; see the run').catch(
      () => undefined,
    )
    throw error
  }
  // GitHub Pages serves the push a minute or so later.
  await status('success', 'This pull request’s pages on GitHub Pages', url)
  return { kind: 'published', url }
}

interface PreviewStatus {
  state: 'pending' | 'success' | 'failure'
  description: string
  target_url?: string
}

/**
 * The preview's commit status on the pull request's head commit: Decap's editorial workflow
 * reads it (its `preview_context`) to show "View Preview" for the entry, and GitHub lists it
 * among the pull request's checks.
 */
async function setPreviewStatus(octokit: Octokit, event: PullRequestEvent, status: PreviewStatus) {
  await octokit.rest.repos.createCommitStatus({
    owner: event.owner,
    repo: event.repo,
    sha: event.headSha,
    context: PREVIEW_STATUS_CONTEXT,
    ...status,
  })
}

/** Removes the pull request's folder from the branch; false when there was none. */
export async function removePreview(
  options: Omit<PreviewOptions, 'build' | 'octokit'>,
): Promise<boolean> {
  const commit = await updateBranchFolder({
    repoDir: options.repoDir,
    remote: options.remote ?? 'origin',
    branch: PAGES_BRANCH,
    folder: previewFolder(options.event.number),
    message: `Remove the preview of #${options.event.number}: the pull request is closed`,
  })
  return commit !== undefined
}

/**
 * The preview build's environment: under `basePath` (SITE_BASE_PATH), its forms posting to a stub
 * that says so (SITE_PREVIEW), and without the editor (BUILD_WITHOUT_EDITOR): a preview is served
 * on a shared origin beside other sites and renders the pull request's content, so it has no
 * /admin, no sign-in pages and nothing that would ever hold a writer's token.
 */
export function previewBuildEnv(
  basePath: string,
  env: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  return { ...env, [WITHOUT_EDITOR_VARIABLE]: '1', SITE_BASE_PATH: basePath, SITE_PREVIEW: 'true' }
}

/** `npm run build` as a preview (previewBuildEnv), its output in the job's log; resolves to dist/client. */
export function buildPreviewSite(repoDir: string, basePath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], {
      cwd: repoDir,
      env: previewBuildEnv(basePath),
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0
        ? resolve(path.join(repoDir, 'dist', 'client'))
        : reject(new Error(`the preview build failed (npm run build, exit ${code})`)),
    )
  })
}
