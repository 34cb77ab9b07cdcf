// `npm run test:html`: the Nu Html Checker (vnu.jar, the W3C validator) over every built page.
// Any error or warning fails: a warning today (a redundant ARIA attribute, say) is a page that
// says one thing to browsers and another to assistive technology.
import { execFile } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error'
  subType?: string
  url: string
  lastLine?: number
  firstColumn?: number
  message: string
  extract?: string
}

const vnuJar = createRequire(import.meta.url)('vnu-jar') as string
const clientDir = path.resolve('dist/client')
const pages = (await readdir(clientDir, { recursive: true }))
  .filter((file) => file.endsWith('.html'))
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
const errors = messages.filter((message) => message.type !== 'info')
const warnings = messages.filter(
  (message) => message.type === 'info' && message.subType === 'warning',
)
for (const warning of warnings) console.warn(`  ! ${where(warning)}  ${warning.message}`)
for (const error of errors) console.error(`  ✗ ${where(error)}  ${error.message}`)
console.log(
  `HTML: ${pages.length} pages checked by the Nu Html Checker: ${errors.length} errors, ${warnings.length} warnings.`,
)
process.exit(errors.length || warnings.length ? 1 : 0)
