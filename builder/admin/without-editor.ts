// Set (to any value) for a build whose editor no one opens: the base that `npm run changes`
// compares the working tree with, `npm run test:subpath`'s build and the unit tests' builds of the
// small fixture site read only public pages (stage 1's build of the whole site builds the editor
// the e2e suite opens). The editor's Vite build, 8-11 CPU s whatever the content, is nearly half
// of a build. Read by ./editor-step.ts; named here, apart from the editor's build, so that a
// command setting it does not load Vite and the editor's build to learn its name (1.8 s).
export const WITHOUT_EDITOR_VARIABLE = 'BUILD_WITHOUT_EDITOR'

/** This process's environment as it is now, for a build that leaves the editor out. */
export function withoutEditor(): NodeJS.ProcessEnv {
  return { ...process.env, [WITHOUT_EDITOR_VARIABLE]: '1' }
}
