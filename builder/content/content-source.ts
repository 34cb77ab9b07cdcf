// Where the content check reads files from: the project's folders on disk (./load.ts: the check
// command, the build, the dev server) or files held in memory (memorySource below: the editor in
// the browser, builder/admin/entry-check-in-page.ts). The checking code (./content-checker.ts)
// only asks this, so it reads no disk and runs in both.

export interface ContentSource {
  /** The names inside `dir` (a path from the root), sorted; none when it is no folder. */
  list(dir: string): Promise<string[]>
  /** A file's text, or undefined when this source does not hold it. */
  read(file: string): Promise<string | undefined>
  isFile(file: string): Promise<boolean>
}

/**
 * Paths joined and normalised with forward slashes, as node:path's posix join does (which the
 * browser does not have): "content/articles" and "./images/../x.png" join as "content/articles/x.png".
 */
export function joinPath(...parts: string[]): string {
  const segments: string[] = []
  for (const segment of parts.join('/').split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..' && segments.length && segments.at(-1) !== '..') segments.pop()
    else segments.push(segment)
  }
  return segments.join('/')
}

/** The folder part of a path: "content/faqs/about.yaml" → "content/faqs". */
export function dirnameOf(file: string): string {
  const slash = file.lastIndexOf('/')
  return slash === -1 ? '.' : file.slice(0, slash)
}

/** The extension with its dot ("about.yaml" → ".yaml"), or "" (as node:path's extname). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? '' : name.slice(dot)
}

/**
 * A source made of the paths of `files` (every file the check may look for: entries, pictures,
 * served files) and the texts of `texts`, whose files it holds too.
 */
export function memorySource(
  files: Iterable<string>,
  texts: ReadonlyMap<string, string>,
): ContentSource {
  const all = new Set([...files, ...texts.keys()].map((file) => joinPath(file)))
  const children = new Map<string, Set<string>>()
  for (const file of all) {
    const parts = file.split('/')
    for (let depth = 1; depth < parts.length; depth++) {
      const dir = parts.slice(0, depth).join('/')
      const names = children.get(dir) ?? new Set<string>()
      names.add(parts[depth]!)
      children.set(dir, names)
    }
  }
  return {
    list: async (dir) => [...(children.get(joinPath(dir)) ?? [])].sort(),
    read: async (file) => texts.get(joinPath(file)),
    isFile: async (file) => all.has(joinPath(file)),
  }
}
