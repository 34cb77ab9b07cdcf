// What the editor's page runs in the browser (admin/: Decap, the content check in the page, the
// preview drawn with the site's components) must bundle for a browser: no module it imports at
// run time, however far, imports a Node built-in. A rule of its own because it follows run-time
// imports only: type-only imports are erased before anything runs, and the project's config
// (.dependency-cruiser.cjs) counts them for its folder rules, so a component's type from the
// content door (site/content.ts, which names the build's shapes) would read as reaching node:fs.
// `npm run test:deps` runs both configs.
const { builtinModules } = process.getBuiltinModule('node:module')
// The project's options (what to skip, how to resolve), the one source: this is a CommonJS file,
// as depcruise loads its configs.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { options } = require('./.dependency-cruiser.cjs')

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'admin-runs-in-the-browser',
      comment:
        "The editor's page and what it runs (the content check, the preview's components) bundle for a browser: nothing it imports at run time imports a Node built-in.",
      severity: 'error',
      from: { path: '^admin/' },
      to: {
        path: `^(node:)?(${builtinModules.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})$`,
        reachable: true,
      },
    },
  ],
  options: { ...options, tsPreCompilationDeps: false },
}
