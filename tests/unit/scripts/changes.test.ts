// `npm run changes` for real, in a throwaway git repository holding the small fixture site
// (../helpers/small-site.ts: this site's code, a handful of pages; node_modules shared), on the changes a
// reviewer meets: a price, an FAQ answer inside a closed accordion, a new article, a removed
// page, and a broken field. The base is built once (the command caches it by commit) and one
// working tree carries the first four changes, so the whole file costs two builds of the small
// site; the broken field stops before any build.
import { execFile } from 'node:child_process'
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withoutEditor } from '../../../builder/admin/without-editor.ts'
import { CACHE_ROOT } from '../../../builder/cache.ts'
import { pngSize, type ShotRecord } from '../../../review/page-screenshots.ts'
import { git } from '../../../builder/worktree-build.ts'
import { timeLimit } from '../../harness/time-limit.ts'
import { copySmallSite } from '../helpers/small-site.ts'
import { siteRoot } from '../helpers/site-copy.ts'

const run = promisify(execFile)
// Generous: the machines these run on are shared, and a build can take ten times longer there
// (two builds took 15 minutes with 7 engineers on 2 cores).
const BUILD_TIMEOUT = 1_500_000

let scratch: string
let repo: string
let removeRepo: (() => Promise<void>) | undefined
let base: string

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

async function edit(file: string, from: string, to: string) {
  const full = path.join(repo, file)
  const text = await readFile(full, 'utf8')
  if (!text.includes(from)) throw new Error(`${file} does not contain ${JSON.stringify(from)}`)
  await writeFile(full, text.replace(from, to))
}

/** `npm run changes` in the scratch repository, never failing: exit code and output. */
async function changes(args: string[], summaryFile?: string) {
  // The working tree's editor too is left unbuilt: the report reads public pages only.
  const env = {
    ...withoutEditor(),
    GITHUB_ACTIONS: '',
    GITHUB_STEP_SUMMARY: summaryFile ?? '',
  }
  const started = performance.now()
  const result = await run('npm', ['run', '--silent', 'changes', '--', ...args], {
    cwd: repo,
    env,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
  return { ...result, seconds: (performance.now() - started) / 1000 }
}

const worktrees = async () =>
  (await git(repo, ['worktree', 'list', '--porcelain']))
    .split('\n')
    .filter((line) => line.startsWith('worktree '))

/** The base builds this file made, removed after it (the cache is the site's node_modules). */
const cachedBase = () => path.join(siteRoot, CACHE_ROOT, 'changes-base')

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'changes-command-'))
  ;({ project: repo, remove: removeRepo } = await copySmallSite('changes-command-repo-'))
  // What keeps the builds (dist/) out of the commits below.
  await cp(path.join(siteRoot, '.gitignore'), path.join(repo, '.gitignore'))
  await git(repo, ['init', '-q', '-b', 'main'])
  // A symlink is not the directory that .gitignore's `node_modules/` names.
  await writeFile(path.join(repo, '.git/info/exclude'), 'node_modules\n')
  base = await commitAll('the site')
}, timeLimit(60_000))

afterAll(async () => {
  if (base) {
    for (const name of await readdir(cachedBase()).catch(() => [] as string[]))
      if (name.startsWith(base)) await rm(path.join(cachedBase(), name), { recursive: true })
  }
  if (repo) await git(repo, ['worktree', 'prune']).catch(() => {})
  await removeRepo?.()
  if (scratch) await rm(scratch, { recursive: true, force: true, maxRetries: 5 })
})

/** The Markdown section of one group: from its heading to the next. */
const section = (report: string, heading: string) => {
  const start = report.indexOf(`\n### ${heading}`)
  if (start < 0) throw new Error(`no section "### ${heading}" in:\n${report}`)
  const end = report.indexOf('\n### ', start + 1)
  return report.slice(start + 1, end < 0 ? undefined : end)
}

const regions = async (shots: string, slug: string) =>
  JSON.parse(await readFile(path.join(shots, slug, 'regions.json'), 'utf8')) as Record<
    string,
    ShotRecord
  >

/** Each recorded region's PNG is the size recorded, and holds the words given, per side. */
async function expectShots(
  shots: string,
  slug: string,
  words: Partial<Record<'before' | 'after', string>>,
) {
  const records = await regions(shots, slug)
  for (const width of [1280, 390])
    for (const side of ['before', 'after'] as const) {
      const file = `${side}-${width}.png`
      if (!words[side]) {
        expect(records[file]).toBeUndefined()
        continue
      }
      const record = records[file]!
      expect(record.text.replace(/\s+/g, ' ')).toContain(words[side])
      const size = pngSize(await readFile(path.join(shots, slug, file)))
      expect(size).toEqual(record.size)
      // The region, not the page: narrower than the viewport and shorter than a screen or two.
      expect(size.width).toBeLessThanOrEqual(width)
      expect(size.height).toBeLessThan(1000)
      expect(size.height).toBeGreaterThan(40)
      const pair = pngSize(await readFile(path.join(shots, slug, `side-by-side-${width}.png`)))
      expect(pair.width).toBeGreaterThanOrEqual(size.width)
    }
  // The pixels show the words, not the blank of a section the browser had not drawn (the text
  // above is read from the page, which has it either way): a changed region looks different
  // before and after, and a one-sided shot (a new or removed page) is more than one colour.
  for (const width of [1280, 390]) {
    const [before, after] = await Promise.all(
      (['before', 'after'] as const).map((side) =>
        words[side] ? readFile(path.join(shots, slug, `${side}-${width}.png`)) : undefined,
      ),
    )
    if (before && after) expect(before.equals(after), `${slug} at ${width} px`).toBe(false)
    else
      expect(
        (await sharp((before ?? after)!).stats()).entropy,
        `${slug} at ${width} px`,
      ).toBeGreaterThan(1)
  }
  return records
}

describe('npm run changes', () => {
  let report: string
  let shots: string

  it(
    'reports a price, an FAQ answer, a new article and a removed page, grouped by cause',
    { timeout: BUILD_TIMEOUT },
    async () => {
      await edit('content/pricing/plans.yaml', 'price: $250', 'price: $260')
      await edit(
        'content/faqs/ai-ml.yaml',
        'A standard interview is 60 minutes',
        'A standard interview is 45 minutes',
      )
      const article = await readFile(
        path.join(repo, 'content/articles/calibrating-interviewers.mdx'),
        'utf8',
      )
      await writeFile(
        path.join(repo, 'content/articles/pairing-interviewers.mdx'),
        article
          .replace(/^title: .*$/m, 'title: Pairing interviewers for their first panels')
          .replace(/^publishDate: .*$/m, 'publishDate: 2026-09-30'),
      )
      await rm(path.join(repo, 'content/case-studies/mid-size.mdx'))

      shots = path.join(scratch, 'shots')
      const summary = path.join(scratch, 'summary.md')
      await writeFile(summary, '# Earlier steps\n')
      const result = await changes([base, '--screenshots', shots], summary)
      expect(result.code, result.stderr).toBe(0)
      expect(result.stderr).toContain('same lockfile: node_modules shared')
      report = result.stdout
      expect(report).toMatch(/^## What this change does to the pages/)
      expect(await readFile(summary, 'utf8')).toBe('# Earlier steps\n' + report)
      // The base's worktree is gone and git no longer lists it; its build is kept.
      expect(await worktrees()).toEqual([`worktree ${repo}`])
      // One group per cause, and nothing else: the lists and cards are named under them.
      expect(report.match(/^### .*$/gm)).toEqual([
        '### New page `/resources/articles/pairing-interviewers`: Pairing interviewers for their first panels',
        '### Removed page `/resources/case-studies/mid-size`: A 200-person SaaS company doubles its platform team without slowing down',
        '### `/industries/ai-ml`: AI & Machine Learning Interviews',
        '### `/`: Panelwise · Human-led technical interviews for engineering teams',
        '### Screenshots',
      ])
      console.log(`npm run changes, base built and four changes: ${result.seconds.toFixed(0)} s`)
    },
  )

  it('shows a price change as the sentence before and after, spaces kept', async () => {
    const price = section(report, '`/`: ')
    expect(price).toContain('Changed in `content/pricing/plans.yaml`.')
    expect(price).toMatch(
      /- Before: .*\$~~250~~ per interview.*\\\n {2}After: .*\$\*\*260\*\* per interview/,
    )
    await expectShots(shots, 'home', { before: '$250 per interview', after: '$260 per interview' })
  })

  it('shows the FAQ answer opened from its closed accordion', async () => {
    const faq = section(report, '`/industries/ai-ml`')
    expect(faq).toContain('Changed in `content/faqs/ai-ml.yaml`.')
    expect(faq).toContain(
      '- Before: A standard interview is ~~60~~ minutes; senior and research roles',
    )
    expect(faq).toContain('  After: A standard interview is **45** minutes; senior and research')
    const records = await expectShots(shots, 'industries-ai-ml', {
      before: 'A standard interview is 60 minutes',
      after: 'A standard interview is 45 minutes',
    })
    expect(records['after-1280.png']!.opened).toContain('details')
  })

  it('shows a new article with its opening, and the lists it joins under it', async () => {
    const added = section(report, 'New page `/resources/articles/pairing-interviewers`')
    expect(added).toContain('Changed in `content/articles/pairing-interviewers.mdx`.')
    expect(added).toContain('**Description:** Why two good interviewers score')
    expect(added).toContain('> Every hiring manager has seen it')
    expect(added).toMatch(/Now listed on \d+ pages? \(not repeated\):/)
    expect(added).toMatch(/^- `\/resources\/articles`: .*\(main content\)$/m)
    // The lists are named under the article, not reported again as changes of their own.
    expect(report).not.toMatch(/^### `\/resources\/articles`/m)
    await expectShots(shots, 'resources-articles-pairing-interviewers', {
      after: 'Pairing interviewers for their first panels',
    })
  })

  it('says what a removed page was and where its address leads now', async () => {
    const removed = section(report, 'Removed page `/resources/case-studies/mid-size`')
    expect(removed).toContain('**It was:** ')
    expect(removed).toContain(
      '**Its address now redirects to `/resources/case-studies`** (the nearest page above it).',
    )
    expect(removed).toMatch(/No longer on \d+ pages? \(not repeated\):/)
    await expectShots(shots, 'resources-case-studies-mid-size', {
      before: 'A 200-person SaaS company doubles its platform team',
    })
  })

  it(
    'reports a broken field as the report itself, with file, line and message',
    { timeout: timeLimit(100_000) },
    async () => {
      await commitAll('four changes')
      await edit('content/industries/blockchain.yaml', 'title: ', 'titel: ')
      const result = await changes([base])
      expect(result.code).toBe(0)
      expect(result.stdout).toContain('**The content check failed: ')
      expect(result.stdout).toMatch(
        /^\| `content\/industries\/blockchain\.yaml` \| 2 \| `titel` \| unknown field "titel".* \|$/m,
      )
      expect(result.stdout).toContain(
        'content/industries/blockchain.yaml:2:1  titel  unknown field',
      )
      // No build was needed to say so.
      expect(result.stderr).not.toContain('Building')
      console.log(`npm run changes, broken field: ${result.seconds.toFixed(0)} s`)
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
      await edit('content/industries/blockchain.yaml', 'titel: ', 'title: ')
      await edit('content/industries/ai-ml.yaml', 'title: ', 'titel: ')
      await commitAll('broken')
      await edit('content/industries/ai-ml.yaml', 'titel: ', 'title: ')
      await commitAll('fixed')
      const kept = await worktrees()
      const result = await changes(['HEAD~1'])
      expect(result.code).toBe(1)
      expect(result.stderr).toContain('npm run changes: building the base `HEAD~1`')
      expect(result.stderr).toContain('failed (`npm run build`')
      expect(result.stderr).toContain(
        'content/industries/ai-ml.yaml:2:1  titel  unknown field "titel"',
      )
      expect(await worktrees()).toEqual(kept)
    },
  )
})
