// The editing UI's API on the dev server (/admin/api/*): the local mode's file access
// (./local-backend.ts), the content check of an entry before it is saved or committed, and the
// address of the page that shows an entry (the preview). Every request passes the guard
// (./request-guard.ts) before its body is read: only the editor's own page may call it.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { isRoutedCollection, routePath } from '../../site/routes.ts'
import { formatError } from '../content/report.ts'
import { ID_PATTERN } from '../content/entry-files.ts'
import { readSource } from '../content/source.ts'
import type { BackendMode } from './decap-config.ts'
import { checkProposedFiles } from './entry-check.ts'
import { entryFiles, type EntryToCheck } from './entry-file.ts'
import { RefusedError } from './collection-path.ts'
import { localBackend, type ProxyRequest } from './local-backend.ts'
import { refusal, type OwnServer } from './request-guard.ts'

export const API_PATH = '/admin/api'

/**
 * The largest request body the API reads: an upload is a picture as base64 in JSON (4/3 of its
 * bytes), and a writer's photo straight from a phone is under 12 MB. A larger body is refused
 * with 413 before it is read.
 */
export const MAX_API_BODY_BYTES = 16 * 1024 * 1024

/** A body over MAX_API_BODY_BYTES: answered 413. */
class BodyTooLargeError extends Error {}

export interface AdminApiOptions {
  root: string
  collections: Record<string, CollectionDefinition>
  backend: BackendMode
  /** The server's own addresses, asked per request: the port is known once it listens. */
  ownServer: () => OwnServer
}

/** A Connect middleware answering /admin/api/*; any other address goes to `next`. */
export function adminApi({ root, collections, backend, ownServer }: AdminApiOptions) {
  const local = localBackend({ root, collections })
  return async (req: IncomingMessage, res: ServerResponse, next: () => void): Promise<void> => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost')
    if (pathname !== API_PATH && !pathname.startsWith(`${API_PATH}/`)) return next()
    const refused = refusal(req, ownServer())
    if (refused) {
      if (refused.status === 405) res.setHeader('Allow', 'POST')
      return json(res, refused.status, { error: refused.error })
    }
    try {
      if (pathname === `${API_PATH}/v1` && backend.mode === 'local') {
        const answer = await local((await readJson(req)) as ProxyRequest)
        return json(res, answer.status, answer.body)
      }
      if (pathname === `${API_PATH}/check`) {
        const files = entryFiles(collections, (await readJson(req)) as EntryToCheck)
        for (const file of files) await local.resolveFile(file.path)
        const problems = (await checkProposedFiles(root, collections, files)).map(formatError)
        // An uploaded picture the save would refuse is said here, before anything is sent.
        for (const picture of files.slice(1)) {
          const problem = await local.checkPicture(picture).then(
            () => undefined,
            (error: unknown) => (error instanceof Error ? error.message : String(error)),
          )
          if (problem) problems.push(problem)
        }
        return json(res, 200, { file: files[0]!.path, problems })
      }
      if (pathname === `${API_PATH}/preview-path`) {
        const { collection, slug } = (await readJson(req)) as { collection?: string; slug?: string }
        return json(res, 200, {
          path: await previewPath(local.resolveFile, collections, collection ?? '', slug ?? ''),
        })
      }
      return json(res, 404, { error: `${pathname} is not an address of the editor's API` })
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        // The rest of the body is not read: the connection ends with the answer.
        res.setHeader('Connection', 'close')
        return json(res, 413, { error: error.message })
      }
      if (error instanceof RefusedError) return json(res, 422, { error: error.message })
      return json(res, 500, { error: error instanceof Error ? error.message : String(error) })
    }
  }
}

/**
 * The dev-server page showing an entry: its own page for a routed collection (articles,
 * pages…), else the first page whose sections name it (an FAQ's page), else the home page.
 */
async function previewPath(
  resolveFile: (repoPath: string) => Promise<string>,
  collections: Record<string, CollectionDefinition>,
  collection: string,
  slug: string,
): Promise<string | null> {
  const definition = collections[collection]
  // An entry's id is its file name: anything else ("../x") names no entry.
  if (!definition || !ID_PATTERN.test(slug)) return null
  // Read as the editor's reads are: inside the collection's folder, links followed.
  const read = async (folder: string, id: string, extension: string) => {
    const file = await resolveFile(`content/${folder}/${id}${extension}`).catch(() => undefined)
    const text = file && (await readFile(file, 'utf8').catch(() => undefined))
    return text === undefined || !file ? undefined : readSource(file, text).data
  }
  const extension = definition.type === 'data' ? '.yaml' : '.mdx'
  if (isRoutedCollection(collection)) {
    const data = await read(definition.source, slug, extension)
    // Not saved yet: there is no page to show.
    if (data === undefined) return null
    return routePath(collection, { id: slug, data } as Parameters<typeof routePath>[1])
  }
  const pages = collections.pages
  if (!pages) return '/'
  const pagesFolder = await resolveFile(`content/${pages.source}/${pages.source}.yaml`)
  const pageFiles = (await readdir(path.dirname(pagesFolder)).catch(() => [])).sort()
  for (const file of pageFiles) {
    const data = (await read(pages.source, path.basename(file, '.yaml'), '.yaml')) as
      { path?: string; sections?: Record<string, unknown>[] } | undefined
    const names = (data?.sections ?? []).some((section) =>
      Object.values(section).some((value) => value === slug),
    )
    if (names && data?.path) return data.path
  }
  return '/'
}

function readJson(req: IncomingMessage): Promise<unknown> {
  const tooLarge = () =>
    new BodyTooLargeError(
      `the request body is over ${MAX_API_BODY_BYTES / 1024 / 1024} MB, the most the editor's API reads; upload a smaller picture`,
    )
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > MAX_API_BODY_BYTES) return reject(tooLarge())
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_API_BODY_BYTES) {
        req.pause()
        reject(tooLarge())
      } else chunks.push(chunk)
    })
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
    req.on('error', reject)
  })
}

export function send(res: ServerResponse, status: number, body: string, type: string): void {
  res.statusCode = status
  res.setHeader('Content-Type', `${type}; charset=utf-8`)
  res.setHeader('Cache-Control', 'no-store')
  res.end(body)
}

export const json = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, JSON.stringify(body), 'application/json')
