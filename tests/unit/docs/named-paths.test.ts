// Every repository path the docs and the code's comments name exists, and every dist/ path they
// name is one the build writes, so a moved file or a changed output cannot leave a sentence
// pointing at nothing. What counts as a path (namedPaths below):
// - a token whose first segment is a top-level folder git tracks, or dist, and that ends in a file
//   extension or a slash or has three segments or more (two bare words, supabase/setup-cli, are
//   as often a GitHub action, an image or an npm scope as a path);
// - in code comments, a ./ or ../ one naming a module (.ts, .tsx, .js, .cjs, .mjs, .css, .json),
//   resolved from the file. In Markdown, ./ and ../ in prose are what writers type in content
//   (./images/x.png); its relative links are links.test.ts's.
// In comments, a token in quotes is a value ("content/faqs/<id>.yaml" as a message says it), not
// a reference. `*` and `**` are globs, `<name>` and `{name}` stand for one name: such a path must
// match at least one file or folder. A path git ignores (node_modules/, .data/) is made by a run
// and not checked; one naming a built page or file without the leading slash (admin/config.json,
// an address on the site) exists when dist/client holds it.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SERVER_BUILD_FILES } from '../../../builder/prerender/render-pages.ts'
import { HOST_CONFIG } from '../../../operations/deploy-settings.ts'

const root = path.resolve(import.meta.dirname, '../../..')
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })

const tracked = git('ls-files', '-z', '--cached', '--others', '--exclude-standard')
  .split('\0')
  .filter((file) => file && existsSync(path.join(root, file)))
const withFolders = (files: string[]) =>
  new Set(
    files.flatMap((file) => file.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))),
  )
const repoPaths = withFolders(tracked)
const topFolders = new Set(
  tracked.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!),
)

/**
 * What the build writes: dist/ as it is, when a build is there; the server build the prerender
 * reads and then deletes (builder/prerender/render-pages.ts); the host's configuration the deploy
 * writes beside it (operations/deploy-settings.ts).
 */
const distDir = path.join(root, 'dist')
const builtPaths = existsSync(path.join(distDir, 'client'))
  ? withFolders([
      ...readdirSync(distDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        ),
      ...SERVER_BUILD_FILES.map((file) => `dist/server/${file}`),
      `dist/${HOST_CONFIG}`,
    ])
  : undefined
/** A path on the built site, written without its leading slash. */
const isBuiltAddress = (name: string) =>
  builtPaths !== undefined &&
  [name, `${name}.html`, `${name}/index.html`].some((address) =>
    exists(`dist/client/${address.replace(/\/(index\.html)$/, '/$1')}`, builtPaths),
  )

/** Docs: the guides and docs/ (the spec's copy aside); code: the comments of every source file. */
const docs = tracked.filter(
  (file) =>
    ['README.md', 'CONTRIBUTING.md', 'CONTENT.md', 'supabase/README.md'].includes(file) ||
    (/^docs\/[^/]+\.md$/.test(file) && file !== 'docs/spec.md'),
)
// Fixtures are broken on purpose; this file's examples are strings with `/*` in them, which the
// comment reader below (a pattern, not a parser) would take for comments.
const NOT_CHECKED = /^tests\/fixtures\/|^tests\/unit\/docs\/named-paths\.test\.ts$/
const code = tracked.filter(
  (file) => /\.(tsx?|cjs|mjs|js|ya?ml)$/.test(file) && !NOT_CHECKED.test(file),
)

/** The comments of a source file: `//` and block comments, or `#` ones in YAML. */
export function commentsOf(file: string, text: string): string {
  if (/\.ya?ml$/.test(file))
    return [...text.matchAll(/(?:^|\s)#(.*)$/gm)].map((match) => match[1]).join('\n')
  const blocks = [...text.matchAll(/\/\*([\s\S]*?)\*\//g)].map((match) => match[1])
  const lines = [...text.matchAll(/(?:^|[\s;{}(),])\/\/(.*)$/gm)].map((match) => match[1])
  return [...blocks, ...lines].join('\n')
}

const TOKEN = /(?<![\w./@<>{}*-])((?:\.\.?\/)*[\w.@<>{}*-]+(?:\/[\w.@<>{}*-]*)+)/g
const MODULE = /\.(tsx?|[cm]?js|css|json)$/

/** The repository paths a text names, as written (trailing punctuation off). */
export function namedPaths(
  text: string,
  folders: ReadonlySet<string>,
  { comments = false } = {},
): string[] {
  const found: string[] = []
  const prose = text.replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ')
  for (const match of prose.matchAll(TOKEN)) {
    const name = match[0].replace(/[.,:;]+$/, '')
    const before = prose[match.index - 1]
    if (comments && (before === "'" || before === '"')) continue
    const relative = name.startsWith('./') || name.startsWith('../')
    if (relative) {
      if (comments && MODULE.test(name)) found.push(name)
      continue
    }
    const segments = name.replace(/\/$/, '').split('/')
    const first = segments[0]!
    if (!folders.has(first) && first !== 'dist') continue
    if (/\.\w+$/.test(name) || name.endsWith('/') || segments.length >= 3) found.push(name)
  }
  return found
}

/** A path written with globs and placeholders as a pattern over whole paths. */
function patternOf(name: string): RegExp {
  const source = name
    .replace(/\/$/, '')
    .split(/(\*\*|\*|<[^>/]*>|\{[^}/]*\})/)
    .map((part) =>
      part === '**'
        ? '.*'
        : part === '*'
          ? '[^/]*'
          : /^[<{]/.test(part)
            ? '[^/]+'
            : part.replace(/[.+?^$()[\]\\|]/g, '\\$&'),
    )
    .join('')
  return new RegExp(`^${source}$`)
}

const exists = (resolved: string, known: ReadonlySet<string>) => {
  if (!/[*<{]/.test(resolved)) return known.has(resolved.replace(/\/$/, ''))
  const pattern = patternOf(resolved)
  for (const candidate of known) if (pattern.test(candidate)) return true
  return false
}

const ignored = (paths: string[]): Set<string> => {
  if (paths.length === 0) return new Set()
  try {
    return new Set(
      execFileSync('git', ['check-ignore', '--no-index', '--stdin'], {
        cwd: root,
        input: paths.join('\n'),
        encoding: 'utf8',
      })
        .split('\n')
        .filter(Boolean),
    )
  } catch {
    return new Set() // exit 1: none ignored
  }
}

/** The paths `file` names that lead nowhere, each as the file names it. */
function missingIn(file: string, text: string, comments: boolean): string[] {
  const unresolved: [string, string][] = []
  for (const name of namedPaths(text, topFolders, { comments })) {
    const relative = name.startsWith('./') || name.startsWith('../')
    const resolved = relative
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), name))
      : name
    if (resolved.startsWith('dist/')) {
      if (builtPaths && !exists(resolved, builtPaths)) unresolved.push([name, resolved])
    } else if (!exists(resolved, repoPaths) && !isBuiltAddress(resolved))
      unresolved.push([name, resolved])
  }
  const skip = ignored(unresolved.map(([, resolved]) => resolved.split(/[*<{]/)[0]!))
  return [
    ...new Set(
      unresolved
        .filter(
          ([, resolved]) => !resolved.startsWith('dist/') && !skip.has(resolved.split(/[*<{]/)[0]!),
        )
        .concat(unresolved.filter(([, resolved]) => resolved.startsWith('dist/')))
        .map(([name]) => name),
    ),
  ]
}

describe('what counts as a named path', () => {
  const folders = new Set(['content', 'builder', 'tests', 'supabase'])
  it('takes tokens under a top-level folder with an extension, a slash or three segments', () => {
    expect(
      namedPaths(
        'see `content/site.yaml`, dist/client/<id>/, tests/unit/*.test.ts, tests/unit/x',
        folders,
      ),
    ).toEqual(['content/site.yaml', 'dist/client/<id>/', 'tests/unit/*.test.ts', 'tests/unit/x'])
  })

  it('leaves out addresses, routes, words with slashes and two bare words', () => {
    expect(
      namedPaths(
        'https://github.com/content/x, /resources/articles, light/dark, supabase/setup-cli',
        folders,
      ),
    ).toEqual([])
  })

  it('takes ./ and ../ modules in comments only, and no quoted value there', () => {
    const text = './x.ts, ../y/z.tsx, ./images/a.png, \'content/a/b.yaml\', "./q.ts"'
    expect(namedPaths(text, folders, { comments: true })).toEqual(['./x.ts', '../y/z.tsx'])
    expect(namedPaths(text, folders)).toEqual(['content/a/b.yaml'])
  })

  it('matches globs and placeholders against whole paths', () => {
    const known = new Set(['content/industries', 'content/industries/ai-ml.yaml'])
    expect(exists('content/industries/<id>.yaml', known)).toBe(true)
    expect(exists('content/industries/*.yaml', known)).toBe(true)
    expect(exists('content/industries/*.mdx', known)).toBe(false)
    expect(exists('content/industries/', known)).toBe(true)
  })

  it('reads only the comments of code', () => {
    const [line, open, close] = ['/' + '/', '/' + '*', '*' + '/']
    expect(
      commentsOf('a.ts', `const a = 'builder/x.ts' ${line} see\n${open} and ./z.ts ${close}`),
    ).toBe(' and ./z.ts \n see')
  })
})

describe('paths named in the docs exist', () => {
  it.each(docs)('%s', (file) => {
    expect(missingIn(file, readFileSync(path.join(root, file), 'utf8'), false)).toEqual([])
  })
})

describe('paths named in code comments exist', () => {
  it.each(code)('%s', (file) => {
    const text = commentsOf(file, readFileSync(path.join(root, file), 'utf8'))
    expect(missingIn(file, text, true)).toEqual([])
  })
})
