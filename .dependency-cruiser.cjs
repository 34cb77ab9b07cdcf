// Which folder may import which: the rules `npm run test:deps` enforces (see CONTRIBUTING.md).
//
//   content/   renderer/   supabase/      the base: each imports none of the app's folders
//       ↑          ↑           ↑
//   components/ ───┴───────────┘          may import the base
//       ↑
//   pages/                                Vike's routes: may import components/ and the base
//
//   server/    may import renderer/ and supabase/ (the guard, the contact function)
//   scripts/   build and check tools: may import anything but pages/ and tests/
//   tests/     may import anything; nothing imports tests/
//
// Every arrow points one way, so no two folders import each other; no-circular catches module
// circles inside a folder, type-only imports included.
/** @type {import('dependency-cruiser').IConfiguration} */
const folder = (...names) => `^(${names.join('|')})/`

/** A rule forbidding `from` to import any of `to`. */
const mayNotImport = (name, from, to, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: folder(from) },
  to: { path: folder(...to) },
})

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A module circle makes a folder read both ways; break it with a module both import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    mayNotImport(
      'content-is-the-base',
      'content',
      ['components', 'pages', 'renderer', 'scripts', 'server', 'supabase', 'tests'],
      'Content and its schemas are read by every other folder, so they import none of them.',
    ),
    mayNotImport(
      'renderer-stays-generic',
      'renderer',
      ['components', 'content', 'pages', 'scripts', 'server', 'supabase', 'tests'],
      'The app reaches the renderer through settings (renderer/settings.ts), never by import.',
    ),
    mayNotImport(
      'supabase-stands-alone',
      'supabase',
      ['components', 'content', 'pages', 'renderer', 'scripts', 'server', 'tests'],
      'The function deploys on its own to Supabase: it can only import supabase/.',
    ),
    mayNotImport(
      'components-below-pages',
      'components',
      ['pages', 'scripts', 'server', 'tests'],
      'Components get props; pages compose them, never the other way.',
    ),
    mayNotImport(
      'pages-are-the-top',
      'pages',
      ['scripts', 'server', 'tests'],
      'Pages are rendered by Vike; build tools and the local server work on their output.',
    ),
    mayNotImport(
      'server-serves-the-build',
      'server',
      ['components', 'content', 'pages', 'scripts', 'tests'],
      'The local server serves dist/ and mounts the function; it renders nothing itself.',
    ),
    mayNotImport(
      'scripts-are-tools',
      'scripts',
      ['pages', 'tests'],
      'Scripts may use any library folder, but not Vike routes or tests.',
    ),
    {
      name: 'nothing-imports-tests',
      comment: 'Tests import the code; code and tools never import tests/.',
      severity: 'error',
      from: { path: '^[^/]+/', pathNot: '^tests/' },
      to: { path: '^tests/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.data|reports|test-results)/' },
    // Type-only imports count: they make a folder read both ways just the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
}
