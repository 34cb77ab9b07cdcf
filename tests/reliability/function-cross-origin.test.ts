// The site and the function on two origins, as in production (the site on its domain, the
// function on Supabase's): Chromium, under its default referrer policy
// (strict-origin-when-cross-origin), sends the cross-origin POST with a Referer of the site's
// origin alone. The forms' own sending code (send-request.ts through supabase-js, the body and
// extras of contact-request.ts and pending-request.ts), built for the browser by Vite, runs on a
// page of the site's origin; the function runs on the local server's function host on another.
// The lead keeps its real page, in the row, the mail's Page row and `npm run leads`.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { build, type Plugin, type Rollup } from 'vite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { CHROMIUM_FLAGS, testChromiumPath } from '../harness/chromium.ts'
import {
  leadsCommand,
  startFunctionServer,
  storedRequests,
  type FunctionServer,
} from './function-server.ts'

const root = path.resolve(import.meta.dirname, '../..')
const PAGE_PATH = '/resources/guides'
const ENTRY = 'virtual:cross-origin-form'

// What a guide request's dialog does on submit, without React: the anti-bot fields of its form,
// the extras of one send, the dialog's body, and the send. `withoutPagePath` drops the field, as
// the forms sent before it existed.
const entrySource = `
import { antiBotFields } from '${root}/components/forms/anti-bot.tsx'
import { sendExtras } from '${root}/components/forms/pending-request.ts'
import { sendContactEmail } from '${root}/components/forms/send-request.ts'
import { requestDialogBody } from '${root}/supabase/functions/_shared/contact-request.ts'

window.sendGuideRequest = async (email, withoutPagePath) => {
  const form = document.createElement('form')
  form.innerHTML = '<input name="website" value="">'
  const extras = sendExtras(antiBotFields(form), crypto.randomUUID())
  const body = requestDialogBody(
    { kind: 'guide', title: 'System Design Interview Guide' },
    { name: 'Grace Hopper', email, phone: '', company: 'Navy Labs', message: '' },
    extras,
  )
  if (withoutPagePath) delete body.pagePath
  return sendContactEmail(body)
}
`

const virtualEntry: Plugin = {
  name: 'cross-origin-form-entry',
  resolveId: (id) => (id === ENTRY ? `\0${ENTRY}` : undefined),
  load: (id) => (id === `\0${ENTRY}` ? entrySource : undefined),
}

/** The page's script and its chunks (supabase-js loads on the first send), by file name. */
async function bundleFor(functionOrigin: string): Promise<Map<string, string>> {
  const output = (await build({
    configFile: false,
    root,
    logLevel: 'silent',
    publicDir: false,
    plugins: [virtualEntry],
    define: {
      'import.meta.env.VITE_SUPABASE_URL': JSON.stringify(functionOrigin),
      'import.meta.env.VITE_SUPABASE_ANON_KEY': JSON.stringify('public-anon-key'),
      __SITE_PREVIEW__: 'false',
    },
    build: {
      write: false,
      target: 'es2022',
      modulePreload: false,
      rollupOptions: { input: ENTRY, output: { entryFileNames: 'form.js' } },
    },
  })) as Rollup.RollupOutput
  return new Map(
    output.output.flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item.code]] : [])),
  )
}

let site: Server
let siteOrigin: string
let files = new Map<string, string>()
let fn: FunctionServer
let browser: Browser

beforeAll(async () => {
  site = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://site')
    if (url.pathname === PAGE_PATH)
      return response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><title>Guides</title><script type="module" src="/form.js"></script>')
    const code = files.get(url.pathname.slice(1))
    if (code === undefined) return response.writeHead(404).end()
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(code)
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  // Another port is another origin: the browser treats the function's as cross-origin.
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  fn = await startFunctionServer({ siteOrigin })
  files = await bundleFor(new URL(fn.url).origin)
  browser = await chromium.launch({ executablePath: testChromiumPath(), args: CHROMIUM_FLAGS })
})

afterAll(async () => {
  await browser?.close()
  await fn?.close()
  site?.closeAllConnections()
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()))
})

/** Opens the page on the site's origin and sends a guide request from it. */
async function sendFromThePage(email: string, withoutPagePath = false) {
  const page = await browser.newPage()
  const failures: string[] = []
  page.on('pageerror', (error) => failures.push(error.message))
  try {
    await page.goto(`${siteOrigin}${PAGE_PATH}?utm_source=newsletter`)
    await page.waitForFunction(() => 'sendGuideRequest' in window)
    const outcome = await page.evaluate(
      ([to, without]) =>
        (
          window as unknown as {
            sendGuideRequest(email: string, without: boolean): Promise<string>
          }
        ).sendGuideRequest(to as string, without as boolean),
      [email, withoutPagePath],
    )
    expect(failures).toEqual([])
    return outcome
  } finally {
    await page.close()
  }
}

it('keeps the real page of a lead sent across origins: row, mail and `npm run leads`', async () => {
  const email = 'grace-cross-origin@example.com'
  expect(await sendFromThePage(email)).toBe('sent')

  // What the browser sent: the preflight, then the POST with the origin alone as its Referer.
  const post = fn.received.find((request) => request.method === 'POST')
  expect(fn.received.map((request) => request.method)).toEqual(['OPTIONS', 'POST'])
  expect(post?.headers.origin).toBe(siteOrigin)
  expect(post?.headers.referer).toBe(`${siteOrigin}/`)

  const page = `${siteOrigin}${PAGE_PATH}`
  const [row] = (await storedRequests(fn.dataDir)).filter((lead) => lead.email === email)
  expect(row).toMatchObject({ kind: 'guide', company: 'Navy Labs', page })
  // The message is the spec's three lines, the path no part of them.
  expect(row!.message).toMatch(
    /^Guide Request: System Design Interview Guide\nCompany: Navy Labs\nMessage: ?$/,
  )
  const mail = fn.mails.find((sent) => sent.replyTo === email)
  expect(mail?.text.split('\n')).toContain(`Page: ${page}`)
  expect(await leadsCommand(fn.dataDir)).toContain(`id ${row!.id}  page ${page}\n`)
})

it('without the page path, as the forms sent before it, the lead says only the site', async () => {
  const email = 'grace-before@example.com'
  expect(await sendFromThePage(email, true)).toBe('sent')
  const [row] = (await storedRequests(fn.dataDir)).filter((lead) => lead.email === email)
  expect(row!.page).toBe(`${siteOrigin}/`)
})
