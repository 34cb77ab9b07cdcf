// `npm run build`'s editor step: builds the editor (./editor-build.ts) into dist/client/admin/
// (from the source in admin/),
// or, when BUILD_WITHOUT_EDITOR is set (./without-editor.ts), says it did not, before loading
// Vite and the editor's build: 3.5 CPU s a build that skips it spent on imports alone.
import { WITHOUT_EDITOR_VARIABLE } from './without-editor.ts'

if (process.env[WITHOUT_EDITOR_VARIABLE]) {
  console.log(`editor: not built (${WITHOUT_EDITOR_VARIABLE} is set)`)
} else {
  const started = performance.now()
  const { buildEditor, EDITOR_FOLDER } = await import('./editor-build.ts')
  const { distFolderOf } = await import('../dist-dir.ts')
  await buildEditor(process.cwd(), process.env)
  console.log(
    `editor: built into ${distFolderOf(process.env)}/client/${EDITOR_FOLDER}/ in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}
