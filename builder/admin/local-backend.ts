// The editing UI's local mode: Decap CMS's proxy protocol (what its `decap-server` answers),
// answered by the dev server itself, so a writer needs no account and no second command. It
// reads and writes the files under content/ only, and refuses a save the content check
// rejects, with the check's own sentences, before anything is written. Every path it is given
// is resolved inside the folder of the collection it names (./collection-path.ts).
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { formatError } from '../content/report.ts'
import { collectionPaths, RefusedError } from './collection-path.ts'
import { checkProposedFiles, type ProposedFile } from './entry-check.ts'
import { pictureProblem } from './picture-check.ts'

/** The request body of Decap's proxy backend: one action and its parameters. */
export interface ProxyRequest {
  action: string
  params?: Record<string, unknown>
}

interface DataFile {
  path: string
  raw: string
  newPath?: string
}

interface Asset {
  path: string
  content: string
  encoding: BufferEncoding
}

/** An answer: its HTTP status and JSON body. */
export interface ProxyAnswer {
  status: number
  body: unknown
}

export interface LocalBackendOptions {
  root: string
  collections: Record<string, CollectionDefinition>
  /** Folder the UI may read and write, relative to root. */
  contentDir?: string
}

/** What an entry's own file may be: the content check reads these, and nothing else. */
const ENTRY_EXTENSIONS = new Set(['.yaml', '.yml', '.md', '.mdx'])

export function localBackend({ root, collections, contentDir = 'content' }: LocalBackendOptions) {
  const { resolveFile, resolveFolder } = collectionPaths({ root, collections, contentDir })
  const repoPathOf = (absolute: string) => path.relative(root, absolute).split(path.sep).join('/')

  async function readEntry(file: { path: string; label?: string }) {
    // A refused path is said; a file that does not exist (yet) is an empty entry, as Decap expects.
    const absolute = await resolveFile(file.path)
    try {
      const content = await readFile(absolute)
      return { data: content.toString('utf8'), file: { ...file, id: sha(content) } }
    } catch {
      return { data: null, file: { ...file, id: null } }
    }
  }

  async function listFiles(folder: string, extension: string, depth: number): Promise<string[]> {
    if (depth <= 0) return []
    const dir = await resolveFolder(folder)
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
    const nested = await Promise.all(
      entries.map((entry) => {
        const child = repoPathOf(path.join(dir, entry.name))
        if (entry.isDirectory()) return listFiles(child, extension, depth - 1)
        // A symbolic link is neither listed nor followed: it could lead out of the folder.
        if (!entry.isFile()) return []
        return entry.name.endsWith(extension) && !entry.name.startsWith('.') ? [child] : []
      }),
    )
    return nested.flat().sort()
  }

  async function mediaFile(repoPath: string) {
    const content = await readFile(await resolveFile(repoPath))
    return {
      id: sha(content),
      content: content.toString('base64'),
      encoding: 'base64',
      path: repoPath,
      name: path.basename(repoPath),
    }
  }

  /** Refuses a file that is not a picture the site reads (./picture-check.ts). */
  async function checkPicture(file: ProposedFile): Promise<void> {
    const problem = await pictureProblem(file.path, Buffer.from(file.content))
    if (problem) throw new RefusedError(problem)
  }

  async function persist(dataFiles: DataFile[], assets: Asset[]): Promise<void> {
    const entries = dataFiles.map((file) => ({
      path: file.newPath ?? file.path,
      content: file.raw,
    }))
    const pictures = assets.map((asset) => ({
      path: asset.path,
      content: Buffer.from(asset.content, asset.encoding),
    }))
    const proposed: ProposedFile[] = [...entries, ...pictures]
    for (const file of proposed) await resolveFile(file.path)
    // The content check skips files that are no entry: one named .svg would be written unread.
    for (const file of entries)
      if (!ENTRY_EXTENSIONS.has(path.extname(file.path).toLowerCase()))
        throw new RefusedError(
          `"${file.path}" is not an entry file (.yaml or .mdx); pictures are uploaded as pictures`,
        )
    for (const picture of pictures) await checkPicture(picture)
    const problems = await checkProposedFiles(root, collections, proposed)
    if (problems.length) throw new RefusedError(problems.map(formatError).join('\n'))
    for (const file of proposed) {
      const absolute = await resolveFile(file.path)
      await mkdir(path.dirname(absolute), { recursive: true })
      await writeFile(absolute, file.content)
    }
    for (const file of dataFiles)
      if (file.newPath && file.newPath !== file.path)
        await rm(await resolveFile(file.path), { force: true })
  }

  async function answer({ action, params = {} }: ProxyRequest): Promise<ProxyAnswer> {
    const ok = (body: unknown) => ({ status: 200, body })
    try {
      switch (action) {
        case 'info':
          return ok({ repo: path.basename(root), publish_modes: ['simple'], type: 'local_fs' })
        case 'entriesByFolder': {
          const { folder, extension, depth } = params as {
            folder: string
            extension: string
            depth: number
          }
          const files = await listFiles(folder, extension, depth)
          return ok(await Promise.all(files.map((file) => readEntry({ path: file }))))
        }
        case 'entriesByFiles': {
          const { files } = params as { files: { path: string; label?: string }[] }
          return ok(await Promise.all(files.map(readEntry)))
        }
        case 'getEntry':
          return ok(await readEntry({ path: (params as { path: string }).path }))
        case 'persistEntry': {
          const {
            entry,
            dataFiles,
            assets = [],
          } = params as {
            entry?: DataFile
            dataFiles?: DataFile[]
            assets?: Asset[]
          }
          await persist(dataFiles ?? (entry ? [entry] : []), assets)
          return ok({ message: 'entry persisted' })
        }
        case 'getMedia': {
          const { mediaFolder } = params as { mediaFolder: string }
          const files = await listFiles(mediaFolder, '', 1)
          return ok(await Promise.all(files.map(mediaFile)))
        }
        case 'getMediaFile':
          return ok(await mediaFile((params as { path: string }).path))
        case 'persistMedia': {
          const { asset } = params as { asset: Asset }
          const absolute = await resolveFile(asset.path)
          const content = Buffer.from(asset.content, asset.encoding)
          await checkPicture({ path: asset.path, content })
          await mkdir(path.dirname(absolute), { recursive: true })
          await writeFile(absolute, content)
          return ok(await mediaFile(asset.path))
        }
        case 'deleteFile':
          await rm(await resolveFile((params as { path: string }).path), { force: true })
          return ok({ message: 'deleted' })
        case 'deleteFiles':
          for (const file of (params as { paths: string[] }).paths)
            await rm(await resolveFile(file), { force: true })
          return ok({ message: 'deleted' })
        case 'getDeployPreview':
          return ok(null)
        default:
          return { status: 422, body: { error: `unknown action ${action}` } }
      }
    } catch (error) {
      if (error instanceof RefusedError) return { status: 422, body: { error: error.message } }
      throw error
    }
  }
  return Object.assign(answer, { resolveFile, checkPicture })
}

const sha = (content: Uint8Array) => createHash('sha256').update(content).digest('hex')
