// The folder rules of .dependency-cruiser.cjs refuse what they say they refuse: the cruise `npm
// run test:deps` makes (the same dependency-cruiser, the same config read the way its command line
// reads it) runs over a throwaway tree holding one import each, so a rule that matches nothing (a
// misspelt folder, a path that moved) fails here instead of passing silently over the real tree.
// Through its API, in this process: the command line loads dependency-cruiser and TypeScript anew
// for each of these cases, which cost more than all the cruises together.
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { cruise as depcruise, type IReporterOutput } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'
import { afterEach, describe, expect, it } from 'vitest'

interface CruiseResult {
  modules: { source: string; dependencies: { resolved: string }[] }[]
  summary: { violations: { rule: { name: string } }[] }
}

/** The project's folder rules, and the browser rule that follows run-time imports only. */
const CONFIGS = ['.dependency-cruiser.cjs', '.dependency-cruiser.browser.cjs']
const BROWSER = CONFIGS[1]

let tree: string | undefined
afterEach(async () => {
  if (tree) await rm(tree, { recursive: true, force: true })
  tree = undefined
})

/**
 * Writes `files` (path → source) beside the project's config, and returns the rules broken and
 * every import of those files depcruise resolved, as `from → to`.
 */
async function cruise(
  files: Record<string, string>,
  config = '.dependency-cruiser.cjs',
): Promise<{ broken: string[]; imports: string[] }> {
  tree = await mkdtemp(path.join(tmpdir(), 'dependency-rules-'))
  for (const file of CONFIGS) await copyFile(file, path.join(tree, file))
  await copyFile('tsconfig.json', path.join(tree, 'tsconfig.json'))
  for (const [file, source] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(tree, file)), { recursive: true })
    await writeFile(path.join(tree, file), source)
  }
  // Run from the tree, as `npm run test:deps` runs from the project: the config's paths are the
  // tree's.
  const options = await extractDepcruiseOptions(path.join(tree, config))
  const { output } = (await depcruise(
    ['.'],
    { ...options, baseDir: tree, outputType: 'json' },
    {},
    { tsConfig: extractTSConfig(path.join(tree, 'tsconfig.json')) },
  )) as IReporterOutput
  const result = (typeof output === 'string' ? JSON.parse(output) : output) as CruiseResult
  return {
    broken: result.summary.violations.map((violation) => violation.rule.name),
    // The imports of the files written here (the config's own require of node:module is not).
    imports: result.modules
      .filter((module) => Object.hasOwn(files, module.source))
      .flatMap((module) =>
        module.dependencies.map((dependency) => `${module.source} → ${dependency.resolved}`),
      ),
  }
}

const importing = (target: string) => `import { value } from '${target}'\nexport const x = value\n`
const EXPORTS = 'export const value = 1\n'

describe("the rooms' folder rules", () => {
  const allowed: [what: string, files: Record<string, string>, edge: string][] = [
    [
      "review/ starting Chromium with the test harness's helper",
      {
        'tests/harness/chromium.ts': EXPORTS,
        'review/page-screenshots.ts': importing('../tests/harness/chromium.ts'),
      },
      'review/page-screenshots.ts → tests/harness/chromium.ts',
    ],
    [
      'measurement building another commit with the builder',
      {
        'builder/worktree-build.ts': EXPORTS,
        'measure/bench.ts': importing('../builder/worktree-build.ts'),
      },
      'measure/bench.ts → builder/worktree-build.ts',
    ],
    [
      "operations publishing previews with the reviewers' GitHub comment",
      {
        'review/github/review-comment.ts': EXPORTS,
        'operations/previews/pages-preview.ts': importing('../../review/github/review-comment.ts'),
      },
      'operations/previews/pages-preview.ts → review/github/review-comment.ts',
    ],
  ]
  it.each(allowed)('lets %s', async (_what, files, edge) => {
    const { broken, imports } = await cruise(files)
    // Seen and resolved: no rule broken means allowed, not overlooked.
    expect(imports).toEqual([edge])
    expect(broken).toEqual([])
  })

  const refused: [what: string, files: Record<string, string>, rule: string | string[]][] = [
    [
      'measurement importing review/: the report is reached one way only',
      { 'review/page-text.ts': EXPORTS, 'measure/bench.ts': importing('../review/page-text.ts') },
      'measure-measures',
    ],
    [
      'review/ importing a Vike route',
      { 'pages/+data.ts': EXPORTS, 'review/changes-report.ts': importing('../pages/+data.ts') },
      'review-reports-on-the-build',
    ],
    [
      'the build importing review/',
      {
        'review/page-text.ts': EXPORTS,
        'builder/prerender/page-file.ts': importing('../../review/page-text.ts'),
      },
      'build-is-the-pipeline',
    ],
    [
      'the build importing operations/',
      {
        'operations/deploy-settings.ts': EXPORTS,
        'builder/outputs/seo-files.ts': importing('../../operations/deploy-settings.ts'),
      },
      'build-is-the-pipeline',
    ],
    [
      'a component importing operations/',
      {
        'operations/hosts.ts': EXPORTS,
        'components/layout/Footer.tsx': importing('../../operations/hosts.ts'),
      },
      'components-below-pages',
    ],
    [
      'the local server importing operations/',
      {
        'operations/leads/format.ts': EXPORTS,
        'server/serve.ts': importing('../operations/leads/format.ts'),
      },
      'server-serves-the-build',
    ],
    [
      'operations importing the test harness',
      {
        'tests/harness/postgres.ts': EXPORTS,
        'operations/migration-check.ts': importing('../tests/harness/postgres.ts'),
      },
      ['operations-run-the-live-site', 'nothing-imports-tests'],
    ],
    [
      'operations importing measurement',
      {
        'measure/lib/budgets.ts': EXPORTS,
        'operations/smoke-check.ts': importing('../measure/lib/budgets.ts'),
      },
      'operations-run-the-live-site',
    ],
    [
      'measurement importing operations',
      {
        'operations/smoke-check.ts': EXPORTS,
        'measure/bench.ts': importing('../operations/smoke-check.ts'),
      },
      'measure-measures',
    ],
    [
      'a command importing a test rather than the harness',
      {
        'tests/unit/helpers/small-site.ts': EXPORTS,
        'scripts/changes.ts': importing('../tests/unit/helpers/small-site.ts'),
      },
      ['scripts-are-commands', 'only-the-harness-is-shared'],
    ],
    [
      'the site importing the test harness',
      {
        'tests/harness/time-limit.ts': EXPORTS,
        'site/routes.ts': importing('../tests/harness/time-limit.ts'),
      },
      ['site-is-shared-facts', 'nothing-imports-tests'],
    ],
  ]
  it.each(refused)('refuses %s', async (_what, files, rule) => {
    expect((await cruise(files)).broken.sort()).toEqual([rule].flat().sort())
  })
})

describe("the editor's page's folder rules", () => {
  const DOOR = 'builder/admin/entry-check-in-page.ts'

  it('lets admin/ import the content check’s door for the page, which reads builder/content/', async () => {
    const { broken, imports } = await cruise({
      'builder/content/content-checker.ts': EXPORTS,
      [DOOR]: importing('../content/content-checker.ts'),
      'admin/content-check.ts': importing(`../${DOOR}`),
    })
    expect(imports.sort()).toEqual([
      `admin/content-check.ts → ${DOOR}`,
      `${DOOR} → builder/content/content-checker.ts`,
    ])
    expect(broken).toEqual([])
  })

  const refused: [what: string, files: Record<string, string>, rule: string, config?: string][] = [
    [
      'admin/ importing any other module of builder/',
      {
        'builder/content/load.ts': EXPORTS,
        'admin/main.tsx': importing('../builder/content/load.ts'),
      },
      'admin-is-a-browser-page',
    ],
    [
      'a Node built-in two imports away from admin/, written node:fs/promises',
      {
        'builder/content/mdx-body.ts':
          "import { readFile } from 'node:fs/promises'\nexport const value = readFile\n",
        'builder/content/content-checker.ts': importing('./mdx-body.ts'),
        [DOOR]: importing('../content/content-checker.ts'),
        'admin/content-check.ts': importing(`../${DOOR}`),
      },
      'admin-runs-in-the-browser',
      BROWSER,
    ],
    [
      'a Node built-in imported at run time, written without node:',
      {
        'builder/admin/entry-check.ts': "import path from 'path'\nexport const value = path.sep\n",
        [DOOR]: importing('./entry-check.ts'),
        'admin/content-check.ts': importing(`../${DOOR}`),
      },
      'admin-runs-in-the-browser',
      BROWSER,
    ],
  ]
  it.each(refused)('refuses %s', async (_what, files, rule, config) => {
    expect((await cruise(files, config)).broken).toEqual([rule])
  })

  it('lets the page name a type from a module that imports a Node built-in: types are erased', async () => {
    const { broken } = await cruise(
      {
        'builder/admin/entry-check.ts':
          "import path from 'path'\nexport type Value = typeof path\n",
        [DOOR]:
          "import type { Value } from './entry-check.ts'\nexport const value: Value | 1 = 1\n",
        'admin/content-check.ts': importing(`../${DOOR}`),
      },
      BROWSER,
    )
    expect(broken).toEqual([])
  })
})
