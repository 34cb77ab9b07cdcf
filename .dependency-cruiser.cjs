// Which folder may import which: the rules `npm run test:deps` enforces (see CONTRIBUTING.md).
//
//   content/   what writers edit, and its schemas (content/schema/): imports no app folder
//   renderer/  the HTML document, islands, guard: imports no app folder
//   supabase/  the contact function: deploys alone, imports only supabase/
//       ↑
//   site/      facts every side shares (routes, brand, origin, the typed content door):
//              content/, and build/'s data shapes as types only
//       ↑
//   components/  may import content/, site/, renderer/, supabase/
//       ↑
//   pages/     Vike's routes: components/ and the folders below it
//
//   build/     everything that turns content into files (Vite plugins, loader, prerender,
//              outputs): may import all of the above and server/ (the function in dev, the
//              headers), never pages/, review/, scripts/, tools/ or tests/
//   server/    the local server: renderer/, site/ and supabase/
//   tools/     measurement (bench, budgets, Lighthouse, taps, load) and the helpers it shares
//              (Chromium, serving a build, building another commit): anything but pages/,
//              review/, scripts/ and tests/
//       ↑
//   review/    the reviewers' report (what a change does to the pages, screenshots, the GitHub
//              side): anything but pages/, scripts/ and tests/; nothing but scripts/ and tests/
//              imports it
//   admin/     the editing UI's page (Decap CMS, /admin on the dev server and the built site):
//              content/, components/ with what they
//              import (site/, renderer/) to draw its preview as the pages do, and of build/ only
//              the content check that runs in the page (build/admin/entry-check-in-page.ts); it
//              talks to the dev server (build/vite/admin-plugin.ts) over HTTP; its sign-in pages
//              read the names they share with the github-oauth function
//              (supabase/functions/_shared/github-sign-in.ts). It all runs in a browser:
//              .dependency-cruiser.browser.cjs checks nothing it runs imports a Node built-in
//   scripts/   commands a person runs, thin over the folders above; nothing imports scripts/
//   tests/     may import anything; nothing imports tests/
//
// Every arrow points one way, so no two folders import each other; no-circular catches module
// circles inside a folder, type-only imports included.
/** @type {import('dependency-cruiser').IConfiguration} */
const folder = (...names) => `^(${names.join('|')})/`

/** A rule forbidding `from` to import any of `to`, but for modules matching `except`. */
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
      [
        'build',
        'components',
        'pages',
        'renderer',
        'scripts',
        'server',
        'site',
        'supabase',
        'review',
        'tests',
        'tools',
      ],
      'Content and its schemas are read by every other folder, so they import none of them.',
    ),
    mayNotImport(
      'renderer-stays-generic',
      'renderer',
      [
        'build',
        'components',
        'content',
        'pages',
        'scripts',
        'server',
        'site',
        'supabase',
        'review',
        'tests',
        'tools',
      ],
      'The app reaches the renderer through settings (renderer/settings.ts), never by import.',
    ),
    mayNotImport(
      'supabase-stands-alone',
      'supabase',
      [
        'build',
        'components',
        'content',
        'pages',
        'renderer',
        'scripts',
        'server',
        'site',
        'review',
        'tests',
        'tools',
      ],
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
        'tools',
      ],
      'Routes, brand and the content door are read by pages, build and server alike.',
    ),
    {
      name: 'site-reads-build-shapes-only',
      comment:
        "The content door types what the build hands over (pictures, headings); it runs none of the build's code.",
      severity: 'error',
      from: { path: folder('site') },
      to: { path: folder('build'), dependencyTypesNot: ['type-only'] },
    },
    mayNotImport(
      'components-below-pages',
      'components',
      ['build', 'pages', 'review', 'scripts', 'server', 'tests', 'tools'],
      'Components get props; pages compose them, never the other way.',
    ),
    mayNotImport(
      'pages-are-the-top',
      'pages',
      ['build', 'review', 'scripts', 'server', 'tests', 'tools'],
      'Pages are rendered by Vike; the build, tools and the local server work on their output.',
    ),
    mayNotImport(
      'build-is-the-pipeline',
      'build',
      ['pages', 'review', 'scripts', 'tests', 'tools'],
      'The build turns content into files; commands and measurement tools run it, never the reverse.',
    ),
    mayNotImport(
      'server-serves-the-build',
      'server',
      ['build', 'components', 'content', 'pages', 'review', 'scripts', 'tests', 'tools'],
      'The local server serves dist/ and mounts the function; it renders nothing itself.',
    ),
    mayNotImport(
      'admin-is-a-browser-page',
      'admin',
      ['build', 'pages', 'scripts', 'server', 'review', 'tests', 'tools'],
      "The editing UI runs in the browser and reaches the files through the dev server or GitHub, never by import; its preview draws entries with the components pages use; of the build, only the content check's door for the page.",
      '^build/admin/entry-check-in-page\\.ts$',
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
      'tools-measure',
      'tools',
      ['pages', 'review', 'scripts', 'tests'],
      "Measurement tools may use any library folder, but not Vike routes, the reviewers' report, commands or tests.",
    ),
    mayNotImport(
      'review-reports-on-the-build',
      'review',
      ['pages', 'scripts', 'tests'],
      "The reviewers' report reads builds and content and uses the helpers in tools/lib/ (Chromium, serving a build, building another commit); tools/ never imports it.",
    ),
    mayNotImport(
      'scripts-are-commands',
      'scripts',
      ['pages', 'tests'],
      'Commands may use any library folder, but not Vike routes or tests.',
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
      comment: 'Tests import the code; code and tools never import tests/.',
      severity: 'error',
      from: { path: '^[^/]+/', pathNot: '^tests/' },
      to: { path: '^tests/' },
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
