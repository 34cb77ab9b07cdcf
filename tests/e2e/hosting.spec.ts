// The build gives static hosts the same rules the local server applies: the route guard's
// redirects and the security headers, side by side in one vercel.json.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from '@playwright/test'

const clientDir = path.resolve(import.meta.dirname, '../../dist/client')

test('dist/client carries _redirects, _headers and a vercel.json with both', async () => {
  const vercel = JSON.parse(await readFile(path.join(clientDir, 'vercel.json'), 'utf8'))
  expect(vercel.headers.length).toBeGreaterThan(0)
  expect(vercel.redirects.length).toBeGreaterThan(20)
  expect(await readFile(path.join(clientDir, '_redirects'), 'utf8')).toContain('/l.php / 302')
  expect(await readFile(path.join(clientDir, '_headers'), 'utf8')).toContain(
    'Content-Security-Policy',
  )
})

test('the local server never serves the hosting files themselves', async ({ request }) => {
  for (const file of ['/_redirects', '/_headers', '/vercel.json'])
    expect((await request.get(file)).status(), file).toBe(404)
})
