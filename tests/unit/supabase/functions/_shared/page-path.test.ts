// The page path a form sends (PAGE_PATH_FIELD) is checked by its shape, because the function
// deploys alone and cannot read the route table (supabase/functions/_shared/contact-request.ts).
// The route table stays the one source of the site's addresses: every one of them, under any
// base path the build accepts, must pass the shape, or a real page would be dropped.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { expectedRoutes } from '../../../../../builder/content/route-table.ts'
import { parseBasePath, withBase } from '../../../../../renderer/base-path.ts'
import {
  contactRequestSchema,
  isPagePath,
  PAGE_PATH_FIELD,
  PAGE_PATH_MAX,
} from '../../../../../supabase/functions/_shared/contact-request.ts'
import { timeLimit } from '../../../../harness/time-limit.ts'

const spec = { name: 'A', email: 'a@b.co', phone: '', message: 'Hi' }

describe('the site’s addresses', () => {
  it(
    'every route of the route table passes, at the root and under a base path',
    async () => {
      const routes = (await expectedRoutes()).map((route) => route.path)
      expect(routes.length).toBeGreaterThan(20)
      for (const base of ['/', '/repo/pr-12/', '/Owner.Repo/v1.2_x~y/'])
        expect(
          routes.map((route) => withBase(route, base)).filter((path) => !isPagePath(path)),
        ).toEqual([])
    },
    timeLimit(60_000),
  )

  it('every base path the build accepts passes, with any route path content may name', () => {
    const segment = fc
      .stringMatching(/^[A-Za-z0-9._~-]{1,12}$/)
      .filter((s) => s !== '.' && s !== '..')
    // content/schema/pages.ts: a page's `path`.
    const route = fc.stringMatching(/^\/([a-z0-9-]{1,10}(\/[a-z0-9-]{1,10}){0,3})?$/)
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 3 }), route, (segments, path) => {
        const base = parseBasePath(segments.length ? `/${segments.join('/')}/` : '/')
        expect(isPagePath(withBase(path, base))).toBe(true)
      }),
    )
  })
})

describe('what is not a page path', () => {
  it.each([
    ['empty', ''],
    ['no leading slash', 'contact'],
    ['a whole address', 'https://www.example.com/contact'],
    ['a query', '/contact?utm_source=mail'],
    ['a fragment', '/contact#form'],
    ['an escape', '/%2e%2e/admin'],
    ['an empty segment', '/resources//guides'],
    ['a protocol-relative address', '//evil.example/contact'],
    ['a dot segment', '/resources/./guides'],
    ['a dot-dot segment', '/resources/../admin'],
    ['a space', '/contact us'],
    ['a line break', '/contact\nBcc: x@example.com'],
    ['a non-ASCII letter', '/kontakt-ü'],
    ['too long', `/${'a'.repeat(PAGE_PATH_MAX)}`],
  ])('%s is refused', (_, value) => {
    expect(isPagePath(value)).toBe(false)
  })

  it('is never a reason to refuse a request: the field is dropped and the rest kept', () => {
    for (const value of ['/contact?x=1', 42, null, { path: '/contact' }, ['/contact'], '', true]) {
      const parsed = contactRequestSchema.safeParse({ ...spec, [PAGE_PATH_FIELD]: value })
      expect(parsed.success).toBe(true)
      expect(parsed.data).toMatchObject(spec)
      expect(parsed.data?.pagePath).toBeUndefined()
    }
  })

  it('answers at once on a long near-miss (no backtracking)', () => {
    const started = performance.now()
    for (let index = 0; index < 100; index++) isPagePath(`/${'a/'.repeat(140)}!`)
    expect(performance.now() - started).toBeLessThan(500)
  })
})

it('keeps a page path of the site’s shape as it was sent', () => {
  for (const path of ['/', '/contact', '/resources/guides', '/repo/pr-12/', '/repo/pr-12/about'])
    expect(contactRequestSchema.parse({ ...spec, [PAGE_PATH_FIELD]: path }).pagePath).toBe(path)
  // And without it, the spec's body is as it was.
  expect(contactRequestSchema.parse(spec)).toEqual(spec)
})
