// `npm run changes` for real, in a throwaway git repository holding a copy of this site (its
// node_modules shared): the base is built in a temporary worktree, the working tree in place,
// and the report names exactly the pages a content change reaches. Each build takes seconds, so
// the scenarios follow one another in one history and reuse the builds they already have.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBuiltPages } from '../../tools/lib/built-pages.ts'
import { renderChangesReport } from '../../tools/lib/changes-report.ts'
import { compareSites, nothingChanged } from '../../tools/lib/page-changes.ts'
import { pngSize } from '../../tools/lib/page-screenshots.ts'
import { expectedRoutes } from '../../build/content/route-table.ts'
import { buildCommitInWorktree, git, type BaseBuild } from '../../tools/lib/worktree-build.ts'
import { timeLimit } from '../time-limit.ts'

const run = promisify(execFile)
const siteRoot = path.resolve(import.meta.dirname, '../..')
// Generous: the machines these run on are shared, and a build can take ten times longer there.
const BUILD_TIMEOUT = 300_000
/** How many pages the build has (every route, and the not-found page): the counts follow. */
const pages = (await expectedRoutes()).length + 1

let scratch: string
let repo: string
const builds: BaseBuild[] = []

const commitAll = async (message: string) => {
  await git(repo, ['add', '-A'])
  await git(repo, [
    '-c',
    'user.name=Test',
    '-c',
    'user.email=test@example.com',
    '-c',
    'commit.gpgsign=false',
    'commit',
    '-qm',
    message,
  ])
  return git(repo, ['rev-parse', 'HEAD'])
}

/** Commits the working tree, builds that commit in a worktree of its own, reads its pages. */
const commitAndBuild = async (label: string) => {
  const build = await buildCommitInWorktree(repo, { label, commit: await commitAll(label) })
  builds.push(build)
  return readBuiltPages(path.join(build.distDir, 'client'))
}

async function edit(file: string, from: string, to: string) {
  const full = path.join(repo, file)
  const text = await readFile(full, 'utf8')
  if (!text.includes(from)) throw new Error(`${file} does not contain ${JSON.stringify(from)}`)
  await writeFile(full, text.replace(from, to))
}

/** `npm run changes` in the scratch repository, never failing: exit code and output. */
async function changes(args: string[], summaryFile?: string) {
  const env = { ...process.env, GITHUB_ACTIONS: '', GITHUB_STEP_SUMMARY: summaryFile ?? '' }
  return run('npm', ['run', '--silent', 'changes', '--', ...args], { cwd: repo, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
}

const worktrees = async () =>
  (await git(repo, ['worktree', 'list', '--porcelain']))
    .split('\n')
    .filter((line) => line.startsWith('worktree '))

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'changes-command-'))
  repo = path.join(scratch, 'repo')
  // The files git would commit from this checkout, uncommitted edits included.
  const { stdout } = await run(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: siteRoot,
      maxBuffer: 16 * 1024 * 1024,
    },
  )
  for (const file of stdout.split('\0').filter(Boolean))
    if (existsSync(path.join(siteRoot, file)))
      await cp(path.join(siteRoot, file), path.join(repo, file), { recursive: true })
  await symlink(path.join(siteRoot, 'node_modules'), path.join(repo, 'node_modules'), 'dir')
  // Two pages show the AI & ML FAQ, so one answer changes two pages.
  await edit('content/industries/backend.yaml', 'faq: backend', 'faq: ai-ml')
  await git(repo, ['init', '-q', '-b', 'main'])
  // A symlink is not the directory that .gitignore's `node_modules/` names.
  await writeFile(path.join(repo, '.git/info/exclude'), 'node_modules\n')
  await commitAll('the site')
}, timeLimit(60_000))

afterAll(async () => {
  for (const build of builds) await build.remove()
  if (repo) await git(repo, ['worktree', 'prune']).catch(() => {})
  if (scratch) await rm(scratch, { recursive: true, force: true, maxRetries: 5 })
})

describe('npm run changes', () => {
  it(
    'lists exactly the pages showing a changed FAQ answer, with screenshots and the job summary',
    { timeout: BUILD_TIMEOUT },
    async () => {
      await edit(
        'content/faqs/ai-ml.yaml',
        'A standard interview is 60 minutes',
        'A standard interview is 45 minutes',
      )
      const shots = path.join(scratch, 'shots')
      const summary = path.join(scratch, 'summary.md')
      await writeFile(summary, '# Earlier steps\n')
      const result = await changes(['HEAD', '--screenshots', shots], summary)
      expect(result.stderr).toContain('same lockfile: node_modules shared')
      expect(result.code).toBe(0)

      const report = result.stdout
      expect(report).toMatch(/^## What this change does to the pages/)
      expect(report).toContain(`**Pages:** 0 added, 0 removed, 2 changed, ${pages - 2} unchanged.`)
      expect([...report.matchAll(/^#### `([^`]+)`/gm)].map((match) => match[1])).toEqual([
        '/industries/ai-ml',
        '/industries/backend',
      ])
      expect(report).toContain('A standard interview is ~~60~~**45** minutes; senior and research')
      expect(report).toContain('**Structured data** `FAQPage mainEntity[3].acceptedAnswer.text`')
      expect(report).not.toContain('Changed on many pages')
      expect(await readFile(summary, 'utf8')).toBe('# Earlier steps\n' + report)

      for (const slug of ['industries-ai-ml', 'industries-backend']) {
        for (const width of [390, 1280])
          for (const side of ['before', 'after']) {
            const png = await readFile(path.join(shots, slug, `${side}-${width}.png`))
            expect(pngSize(png).width).toBe(width)
          }
        const sideBySide = pngSize(await readFile(path.join(shots, slug, 'side-by-side.png')))
        expect(sideBySide.width).toBeGreaterThan(2 * (390 + 1280))
        expect(report).toContain(`\`${slug}/side-by-side.png\``)
      }
      // The base's worktree is gone and git no longer lists it.
      expect(await worktrees()).toEqual([`worktree ${repo}`])
    },
  )

  it(
    'reports an added industry as one added page and its menu entry once',
    { timeout: BUILD_TIMEOUT },
    async () => {
      await commitAll('a shorter interview')
      // The working tree's dist/ is the build of that commit, made by the test above.
      const before = await readBuiltPages(path.join(repo, 'dist/client'))
      const industry = await readFile(path.join(repo, 'content/industries/ai-ml.yaml'), 'utf8')
      await writeFile(
        path.join(repo, 'content/industries/robotics.yaml'),
        industry
          .replace(/^name: .*$/m, 'name: Robotics')
          .replace(/^title: .*$/m, 'title: Robotics Interviews'),
      )
      await edit(
        'content/site.yaml',
        '          href: /industries/blockchain\n',
        '          href: /industries/blockchain\n        - label: Robotics\n          href: /industries/robotics\n',
      )
      const changes = compareSites(before, await commitAndBuild('robotics'))
      expect(changes.added.map((page) => page.route)).toEqual(['/industries/robotics'])
      expect(changes.removed).toEqual([])
      expect(changes.changed).toEqual([])
      expect(changes.shared.map((change) => change.part)).toEqual(['Header and navigation'])
      expect(changes.shared[0]!.routes).toEqual(changes.compared)
      const report = renderChangesReport(changes, { base: 'before', head: 'after' })
      expect(report).toContain('- `/industries/robotics`: Robotics Interviews | Panelwise')
      expect(report).toContain(`#### Header and navigation, on every page (${pages})`)
      expect(report.match(/\*\*Robotics\*\*/g)).toHaveLength(1)
    },
  )

  it(
    'reports no page changed when only a code comment changed',
    { timeout: BUILD_TIMEOUT },
    async () => {
      const before = builds.at(-1)!
      await edit(
        'components/layout/SiteFooter.tsx',
        'export function SiteFooter(',
        '// The footer repeats the company facts for visitors who scroll to the end.\nexport function SiteFooter(',
      )
      const changes = compareSites(
        await readBuiltPages(path.join(before.distDir, 'client')),
        await commitAndBuild('a comment'),
      )
      expect(nothingChanged(changes)).toBe(true)
      // The site's pages and the added industry.
      expect(changes.unchanged).toHaveLength(pages + 1)
      expect(renderChangesReport(changes, { base: 'before', head: 'after' })).toContain(
        `**No page changed.** All ${pages + 1} pages read the same as before`,
      )
    },
  )

  // npm and tsx alone take seconds to start on a busy machine.
  it('says which base is unknown', { timeout: timeLimit(60_000) }, async () => {
    const result = await changes(['no-such-ref'])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      'npm run changes: unknown base "no-such-ref": it names no commit in',
    )
    expect(result.stdout).toBe('')
  })

  it(
    'says when the base does not build, with the build output, and leaves no worktree behind',
    { timeout: BUILD_TIMEOUT },
    async () => {
      await edit(
        'content/industries/robotics.yaml',
        'title: Robotics Interviews',
        'titel: Robotics Interviews',
      )
      await commitAll('broken')
      await edit(
        'content/industries/robotics.yaml',
        'titel: Robotics Interviews',
        'title: Robotics Interviews',
      )
      await commitAll('fixed')
      const kept = await worktrees()
      const result = await changes(['HEAD~1'])
      expect(result.code).toBe(1)
      expect(result.stderr).toContain('npm run changes: building the base `HEAD~1`')
      expect(result.stderr).toContain('failed (`npm run build`')
      expect(result.stderr).toContain(
        'content/industries/robotics.yaml:2:1  titel  unknown field "titel"',
      )
      expect(await worktrees()).toEqual(kept)
    },
  )
})
