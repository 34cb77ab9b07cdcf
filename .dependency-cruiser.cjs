// Which folder may import which: the rules `npm run test:deps` enforces (see CONTRIBUTING.md).
// The folders are the rooms of README.md's table; the site's own code is the first group.
//
//   content/   what writers edit, and its schemas (content/schema/): imports no app folder
//   renderer/  the HTML document, islands, guard: imports no app folder
//   supabase/  the contact function: deploys alone, imports only supabase/
//       ↑
//   site/      facts every side shares (routes, brand, origin, the typed content door):
//              content/, and builder/'s data shapes as types only
//       ↑
//   components/  may import content/, site/, renderer/, supabase/
//       ↑
//   pages/     Vike's routes: components/ and the folders below it
//
//   builder/   everything that turns content into files (Vite plugins, loader, prerender,
//              outputs, the build of another commit): may import all of the above and server/
//              (the function in dev, the headers)
//   server/    the local server and function host: renderer/, site/ and supabase/
//   admin/     the editing UI's page (Decap CMS, /admin on the dev server and the built site):
//              content/, components/ with what they
//              import (site/, renderer/) to draw its preview as the pages do, and of builder/
//              only the content check that runs in the page (builder/admin/entry-check-in-page.ts);
//              it talks to the dev server (builder/vite/admin-plugin.ts) over HTTP; its sign-in
//              pages read the names they share with the github-oauth function
//              (supabase/functions/_shared/github-sign-in.ts). It all runs in a browser:
//              .dependency-cruiser.browser.cjs checks nothing it runs imports a Node built-in
//   None of these imports the rooms below.
//
//   operations/  operating the live site (deploy, gates, schedule, publishing plan, watch, smoke
//              check, probes, the leads commands, previews, the hosts' tool versions): the
//              site's code and review/, never measure/ or tests/
//   review/    the reviewers' report (what a change does to the pages, screenshots, the GitHub
//              comment): the site's code and the test harness's Chromium, never operations/
//   measure/   measurement (bench, budgets, Lighthouse, taps, load): the site's code and the
//              test harness (tests/harness/: Chromium, time limits, workers)
//   scripts/   commands a person or a job runs, thin over the folders above; nothing imports
//              scripts/
//   tests/     the tests and their harness (tests/harness/: the npm test runner, the runtimes it
//              starts); of tests/, only tests/harness/ is imported, by measure/, review/ and
//              scripts/
//
// Every arrow points one way, so no two folders import each other; no-circular catches module
// circles inside a folder, type-only imports included.
/** @type {import('dependency-cruiser').IConfiguration} */
const folder = (...names) => `^(${names.join('|')})/`

/** A rule forbidding `from` to import any of `to`, but for modules matching `except`. */
/** The folders the base layers (content/, renderer/, supabase/) import none of (admin/ has its own rules). */
const LAYERED = [
  'builder',
  'components',
  'content',
  'pages',
  'renderer',
  'scripts',
  'server',
  'site',
  'supabase',
  'review',
  'tests',
  'measure',
  'operations',
]
const everyFolderBut = (self) => LAYERED.filter((name) => name !== self)
const mayNotImport = (name, from, to, comment, except) => ({
  name,
  comment,
  severity: 'error',
  from: { path: folder(from) },
  to: { path: folder(...to), ...(except && { pathNot: except }) },
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
      everyFolderBut('content'),
      'Content and its schemas are read by every other folder, so they import none of them.',
    ),
    mayNotImport(
      'renderer-stays-generic',
      'renderer',
      everyFolderBut('renderer'),
      'The app reaches the renderer through settings (renderer/settings.ts), never by import.',
    ),
    mayNotImport(
      'supabase-stands-alone',
      'supabase',
      everyFolderBut('supabase'),
      'The function deploys on its own to Supabase: it can only import supabase/.',
    ),
    mayNotImport(
      'site-is-shared-facts',
      'site',
      [
        'components',
        'pages',
        'renderer',
        'review',
        'scripts',
        'server',
        'supabase',
        'tests',
        'measure',
        'operations',
      ],
      'Routes, brand and the content door are read by pages, build and server alike.',
    ),
    {
      name: 'site-reads-build-shapes-only',
      comment:
        "The content door types what the build hands over (pictures, headings); it runs none of the build's code.",
      severity: 'error',
      from: { path: folder('site') },
      to: { path: folder('builder'), dependencyTypesNot: ['type-only'] },
    },
    mayNotImport(
      'components-below-pages',
      'components',
      ['builder', 'measure', 'operations', 'pages', 'review', 'scripts', 'server', 'tests'],
      'Components get props; pages compose them, never the other way.',
    ),
    mayNotImport(
      'pages-are-the-top',
      'pages',
      ['builder', 'measure', 'operations', 'review', 'scripts', 'server', 'tests'],
      'Pages are rendered by Vike; the build, measurement and the local server work on their output.',
    ),
    mayNotImport(
      'build-is-the-pipeline',
      'builder',
      ['measure', 'operations', 'pages', 'review', 'scripts', 'tests'],
      'The build turns content into files; commands, operations and measurement run it, never the reverse.',
    ),
    mayNotImport(
      'server-serves-the-build',
      'server',
      [
        'builder',
        'components',
        'content',
        'measure',
        'operations',
        'pages',
        'review',
        'scripts',
        'tests',
      ],
      'The local server serves dist/ and mounts the function; it renders nothing itself.',
    ),
    mayNotImport(
      'admin-is-a-browser-page',
      'admin',
      ['builder', 'measure', 'operations', 'pages', 'scripts', 'server', 'review', 'tests'],
      "The editing UI runs in the browser and reaches the files through the dev server or GitHub, never by import; its preview draws entries with the components pages use; of the build, only the content check's door for the page.",
      '^builder/admin/entry-check-in-page\\.ts$',
    ),
    {
      // The sign-in pages and the github-oauth function read one module: the function's address
      // and the fragment it ends on (supabase/functions/_shared/github-sign-in.ts).
      ...mayNotImport(
        'admin-reaches-the-exchange-by-its-names',
        'admin',
        ['supabase'],
        'Of supabase/, the editing UI imports only the sign-in names both ends share.',
      ),
      to: { path: folder('supabase'), pathNot: '^supabase/functions/_shared/github-sign-in\\.ts$' },
    },
    mayNotImport(
      'operations-run-the-live-site',
      'operations',
      ['measure', 'pages', 'scripts', 'tests'],
      "Operating the live site uses the site's code and the reviewers' GitHub side; it never imports measurement, Vike routes, commands or the tests and their harness.",
    ),
    mayNotImport(
      'measure-measures',
      'measure',
      ['operations', 'pages', 'review', 'scripts', 'tests'],
      "Measurement may use the site's code and the test harness, but not Vike routes, operations, the reviewers' report or commands.",
      '^tests/harness/',
    ),
    mayNotImport(
      'review-reports-on-the-build',
      'review',
      ['measure', 'operations', 'pages', 'scripts', 'tests'],
      "The reviewers' report reads builds and content, and starts Chromium with the test harness's helper; operations publish its previews, never the reverse.",
      '^tests/harness/',
    ),
    mayNotImport(
      'scripts-are-commands',
      'scripts',
      ['pages', 'tests'],
      'Commands may use any library folder and the test harness, but not Vike routes or tests.',
      '^tests/harness/',
    ),
    {
      name: 'nothing-imports-scripts',
      comment: 'scripts/ holds only commands a person runs; the code they run lives elsewhere.',
      severity: 'error',
      from: { path: '^[^/]+/', pathNot: '^scripts/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'nothing-imports-tests',
      comment:
        'Tests import the code; code never imports tests/. Measurement, the report and commands may start what the harness starts (tests/harness/).',
      severity: 'error',
      from: { path: '^[^/]+/', pathNot: '^(tests|measure|review|scripts)/' },
      to: { path: '^tests/' },
    },
    {
      name: 'only-the-harness-is-shared',
      comment: 'Of tests/, only the harness (tests/harness/) is imported from outside tests/.',
      severity: 'error',
      from: { path: '^(measure|review|scripts)/' },
      to: { path: '^tests/', pathNot: '^tests/harness/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|hosts/node_modules|dist|\\.data|reports|test-results)/' },
    // Type-only imports count: they make a folder read both ways just the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
}
