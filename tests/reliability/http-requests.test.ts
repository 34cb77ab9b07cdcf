// Odd methods, request targets and headers against the real server: each gets a clear answer
// (the page, a redirect, or a 4xx) with the security headers, and the server keeps serving.
import { describe, expect, it } from 'vitest'
import {
  expectSecurityHeaders,
  expectStillServing,
  FUNCTION_PATH,
  HOME_PAGE,
  rawRequest,
  requestText,
  serverForFile,
} from './http-server.ts'

const server = serverForFile()

/** One request, its expected status, and (for some) what else must hold. */
interface Case {
  label: string
  request: string
  status: number
  location?: string
}

async function answer({ label, request, status, location }: Case) {
  const response = await rawRequest(server().port, request)
  expect(response.status, label).toBe(status)
  expectSecurityHeaders(response, label)
  if (location !== undefined) expect(response.headers.get('location'), label).toBe(location)
  await expectStillServing(server(), label)
  return response
}

const check = async (c: Case) => void (await answer(c))

/** A request whose headers are the point: its method, target, header lines and status. */
const headerCase = (
  label: string,
  method: string,
  target: string,
  headers: string[],
  status: number,
): Case => ({ label, request: requestText(method, target, headers), status })

describe('methods', () => {
  // TRACE, CONNECT and TRACK are methods `new Request` refuses: each one used to end the process.
  const functionCases: Case[] = [
    ['TRACE', 405],
    ['CONNECT', 405],
    ['TRACK', 400],
    ['PUT', 405],
    ['DELETE', 405],
    ['PATCH', 405],
    ['PROPFIND', 405],
    ['GET', 405],
    ['HEAD', 405],
  ].map(([method, status]) => ({
    label: `${method} ${FUNCTION_PATH}`,
    request: requestText(String(method), FUNCTION_PATH, ['Content-Length: 0']),
    status: Number(status),
  }))
  const siteCases: Case[] = [
    ['TRACE', 405],
    ['CONNECT', 405],
    ['TRACK', 400],
    ['POST', 405],
    ['DELETE', 405],
    ['OPTIONS', 405],
    ['BREW', 400],
    ['get', 400],
  ].map(([method, status]) => ({
    label: `${method} /`,
    request: requestText(String(method), '/', ['Content-Length: 0']),
    status: Number(status),
  }))

  it.each([...functionCases, ...siteCases])('$label answers $status', check)

  it('names the allowed methods on a 405', async () => {
    const site = await answer({ label: 'POST /', request: requestText('POST', '/'), status: 405 })
    expect(site.headers.get('allow')).toBe('GET, HEAD')
    const fn = await answer({
      label: `PUT ${FUNCTION_PATH}`,
      request: requestText('PUT', FUNCTION_PATH),
      status: 405,
    })
    expect(fn.headers.get('allow')).toBe('POST, OPTIONS')
  })
})

describe('request targets', () => {
  const cases: Case[] = [
    { label: '///', request: requestText('GET', '///'), status: 301, location: '/' },
    { label: '//about', request: requestText('GET', '//about'), status: 301, location: '/about' },
    { label: '//host', request: requestText('GET', '//host'), status: 404 },
    {
      label: '//evil.com/x (never a redirect off the site)',
      request: requestText('GET', '//evil.com/x'),
      status: 302,
      location: '/?redirected_from=%2F%2Fevil.com%2Fx',
    },
    { label: 'absolute-form', request: requestText('GET', 'http://x/'), status: 200 },
    { label: 'absolute-form page', request: requestText('GET', 'https://x/about'), status: 200 },
    { label: '/%00', request: requestText('GET', '/%00'), status: 404 },
    { label: 'bad percent-encoding', request: requestText('GET', '/%E0%A4%A'), status: 404 },
    { label: 'lone %', request: requestText('GET', '/%'), status: 404 },
    { label: 'dot segments', request: requestText('GET', '/../../etc/passwd'), status: 404 },
    { label: 'backslashes', request: requestText('GET', '/..\\..\\etc\\passwd'), status: 404 },
    { label: '2 KB path', request: requestText('GET', `/${'a'.repeat(2048)}`), status: 404 },
    { label: '8 KB path', request: requestText('GET', `/${'a'.repeat(8 * 1024)}`), status: 414 },
    { label: 'asterisk', request: requestText('OPTIONS', '*'), status: 400 },
    { label: 'no leading slash', request: requestText('GET', 'index.html'), status: 400 },
    { label: 'other scheme', request: requestText('GET', 'ftp://x/'), status: 400 },
    {
      label: 'function in absolute-form',
      request: requestText('PUT', `http://127.0.0.1${FUNCTION_PATH}`),
      status: 405,
    },
  ]
  it.each(cases)('$label answers $status', check)

  it('serves the page at an absolute-form target', async () => {
    const response = await answer(cases.find((c) => c.label === 'absolute-form')!)
    expect(response.body).toBe(HOME_PAGE)
  })
})

describe('headers', () => {
  const cases: Case[] = [
    headerCase('a 20 KB header', 'GET', '/', [`X-Big: ${'a'.repeat(20 * 1024)}`], 431),
    {
      label: '300 headers of 100 bytes',
      request: requestText(
        'GET',
        '/',
        Array.from({ length: 300 }, (_, i) => `X-H${i}: ${'b'.repeat(100)}`),
      ),
      status: 431,
    },
    headerCase('two Host headers', 'GET', '/', ['Host: evil.example'], 400),
    headerCase(
      'two Host headers to the function',
      'POST',
      FUNCTION_PATH,
      ['Host: evil.example', 'Content-Length: 0'],
      400,
    ),
    { label: 'no Host in HTTP/1.1', request: 'GET / HTTP/1.1\r\n\r\n', status: 400 },
    { label: 'no Host in HTTP/1.0', request: 'GET / HTTP/1.0\r\n\r\n', status: 200 },
    {
      label: 'a Host with a space',
      request: `POST ${FUNCTION_PATH} HTTP/1.1\r\nHost: a b\r\nContent-Length: 0\r\n\r\n`,
      status: 400,
    },
    headerCase('Content-Length not a number', 'POST', FUNCTION_PATH, ['Content-Length: abc'], 400),
    headerCase('negative Content-Length', 'POST', FUNCTION_PATH, ['Content-Length: -1'], 400),
    headerCase(
      'two different Content-Lengths',
      'POST',
      FUNCTION_PATH,
      ['Content-Length: 2', 'Content-Length: 3'],
      400,
    ),
    {
      label: 'Content-Length and Transfer-Encoding',
      request: requestText('POST', FUNCTION_PATH, [
        'Content-Length: 5',
        'Transfer-Encoding: chunked',
      ]),
      status: 400,
    },
    headerCase(
      'unknown Transfer-Encoding',
      'POST',
      FUNCTION_PATH,
      ['Transfer-Encoding: gzip'],
      400,
    ),
    headerCase('a header without a colon', 'GET', '/', ['NoColonHere'], 400),
    headerCase('a control character in a header', 'GET', '/', ['X-Bad: a\x01b'], 400),
    headerCase('Expect: 100-continue', 'GET', '/', ['Expect: 100-continue'], 200),
    headerCase('an unknown Expect', 'GET', '/', ['Expect: teapot'], 417),
    headerCase(
      'a WebSocket upgrade',
      'GET',
      '/',
      ['Connection: Upgrade', 'Upgrade: websocket'],
      200,
    ),
    {
      label: 'HTTP/2 preface',
      request: 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
      status: 400,
    },
    {
      label: 'not HTTP at all',
      request: '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03',
      status: 400,
    },
  ]
  it.each(cases)('$label answers $status', check)
})
