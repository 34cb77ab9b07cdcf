// Set (to any value) for a build whose editor no one opens: the base that `npm run changes`
// compares the working tree with reads only the public pages, and the editor is nearly half of
// a build's time. Read by ./editor-step.ts; named here, apart from the editor's build, so that
// a command setting it does not load Vite and the editor's build to learn its name (1.8 s).
export const WITHOUT_EDITOR_VARIABLE = 'BUILD_WITHOUT_EDITOR'
