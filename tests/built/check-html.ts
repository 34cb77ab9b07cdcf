// `npm run test:html`: the Nu Html Checker (vnu.jar, the W3C validator) over every built page.
// Any error or warning fails: a warning today (a redundant ARIA attribute, say) is a page that
// says one thing to browsers and another to assistive technology.
import { execFile } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { isPageFile } from '../../builder/prerender/page-file.ts'

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error'
  subType?: string
  url: string
  lastLine?: number
  firstColumn?: number
  message: string
  extract?: string
  hiliteStart?: number
  hiliteLength?: number
}

/**
 * Markup the HTML Standard allows that this checker does not know yet, each matched on its exact
 * message and on the element it points at, with the reason. Anything else still fails.
 */
const AHEAD_OF_THE_CHECKER = [
  {
    message:
      'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.',
    element: '<link rel="expect"',
    reason:
      'the HTML Standard\'s link type "expect" takes blocking="render" (Chromium 124+, WebKit); the checker knows it only for stylesheets',
  },
]
const aheadOfTheChecker = (message: VnuMessage) =>
  AHEAD_OF_THE_CHECKER.find(
    (known) =>
      message.message === known.message &&
      message.extract !== undefined &&
      message.extract
        .slice(message.hiliteStart ?? 0, (message.hiliteStart ?? 0) + (message.hiliteLength ?? 0))
        .startsWith(known.element),
  )

const vnuJar = createRequire(import.meta.url)('vnu-jar') as string
const clientDir = path.resolve('dist/client')
const pages = (await readdir(clientDir, { recursive: true }))
  .filter(isPageFile)
  .map((file) => path.join(clientDir, file))

// vnu exits 1 when it reports errors; the JSON on stderr is what we read either way.
const { stderr } = await promisify(execFile)(
  'java',
  ['-Xss4m', '-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...pages],
  { maxBuffer: 64 * 1024 * 1024 },
)
const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] }
const where = (message: VnuMessage) =>
  `${path.relative(process.cwd(), new URL(message.url).pathname)}:${message.lastLine ?? '?'}:${message.firstColumn ?? '?'}`
// Each accepted message with the entry that accepts it, matched once.
const accepted = new Map(
  messages.flatMap((message) => {
    const known = message.type === 'error' ? aheadOfTheChecker(message) : undefined
    return known ? [[message, known] as const] : []
  }),
)
const errors = messages.filter((message) => message.type !== 'info' && !accepted.has(message))
const warnings = messages.filter(
  (message) => message.type === 'info' && message.subType === 'warning',
)
for (const warning of warnings) console.warn(`  ! ${where(warning)}  ${warning.message}`)
for (const error of errors) console.error(`  ✗ ${where(error)}  ${error.message}`)
for (const known of AHEAD_OF_THE_CHECKER) {
  const pagesWith = new Set(
    [...accepted].filter(([, entry]) => entry === known).map(([message]) => message.url),
  )
  if (pagesWith.size) console.log(`  (accepted on ${pagesWith.size} pages: ${known.reason})`)
}
console.log(
  `HTML: ${pages.length} pages checked by the Nu Html Checker: ${errors.length} errors, ${warnings.length} warnings.`,
)
process.exit(errors.length || warnings.length ? 1 : 0)
