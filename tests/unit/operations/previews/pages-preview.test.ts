// A pull request's preview is built without the editor: the build's editor step, run with the
// preview's environment, builds nothing under admin/ (so no /admin, sign-in or callback page is
// published beside the pull request's content on the shared Pages origin).
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { previewBuildEnv } from '../../../../operations/previews/pages-preview.ts'

const run = promisify(execFile)

describe('the preview build', () => {
  it('leaves the editor out, under its base path, with the forms’ stub', () => {
    const env = previewBuildEnv('/site/pr-12/', { PATH: '/bin' })
    expect(env).toEqual({
      PATH: '/bin',
      BUILD_WITHOUT_EDITOR: '1',
      SITE_BASE_PATH: '/site/pr-12/',
      SITE_PREVIEW: 'true',
    })
  })

  it('runs the build’s editor step as a step that builds no editor', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'builder/admin/editor-step.ts'],
      { env: previewBuildEnv('/site/pr-12/') },
    )
    expect(stdout).toBe('editor: not built (BUILD_WITHOUT_EDITOR is set)\n')
  })
})
