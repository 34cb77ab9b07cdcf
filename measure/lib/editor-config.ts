// The built editor's config.json as a browser should get it when measuring or testing the page:
// the build's own when it was made with the GitHub settings; otherwise the same file made with
// sample settings (builder/admin/editor-build.ts, one source), so the page shows its sign-in as
// the live site's does. Nothing is signed in to: the sign-in button needs no request.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { NOT_CONFIGURED_KEY, type EditorConfigFile } from '../../admin/config-file.ts'
import { liveEditorConfig } from '../../builder/admin/editor-build.ts'

/** Settings no deploy has: a repository that is never reached. */
export const SAMPLE_EDITOR_SETTINGS = { CMS_GITHUB_REPO: 'example/site' }

export interface EditorConfigAnswer {
  /** The JSON to answer /admin/config.json with. */
  body: string
  /** Whether that is the build's own file. */
  built: boolean
}

export async function editorConfigAnswer(clientDir: string): Promise<EditorConfigAnswer> {
  const file = path.join(clientDir, 'admin', 'config.json')
  const built = JSON.parse(await readFile(file, 'utf8')) as EditorConfigFile
  if (!built[NOT_CONFIGURED_KEY]) return { body: JSON.stringify(built), built: true }
  const sample = await liveEditorConfig(process.cwd(), SAMPLE_EDITOR_SETTINGS)
  return { body: JSON.stringify(sample), built: false }
}
