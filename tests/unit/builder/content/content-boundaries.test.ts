// What belongs to the build and the editor, content cannot take (issue 75): each attack of the
// issue, run through `npm run check:content` on a copy of the site's content. An entry may not
// take an address the build or the editor writes (site/build-outputs.ts), a picture may not lead
// out of its images/ folder (by ".." or by a symbolic link), and a YAML `href` may not open
// another site while it looks like a path of this one.
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { BUILD_OUTPUTS, reservedBy } from '../../../../site/build-outputs.ts'
import { timeLimit } from '../../../harness/time-limit.ts'
import { checkContentCommand } from '../../helpers/check-content-command.ts'
import { scratchDir } from '../../helpers/scratch-dir.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
const scratch = scratchDir('content-boundaries-')
const LOAD = timeLimit(60_000)

/** The addresses the issue tried, each as the `path` of a page entry of its own. */
const RESERVED_PATHS = ['/admin', '/admin/callback', '/assets/x', '/social-cards/x']
const pageFile = (index: number) => `content/pages/taken-${index + 1}.yaml`
const ARTICLE = 'content/articles/calibrating-interviewers.mdx'

let stderr = ''
beforeAll(async () => {
  await cp(path.join(root, 'content'), path.join(scratch(), 'content'), { recursive: true })
  await symlink(path.join(root, 'public'), path.join(scratch(), 'public'))
  const page = await readFile(path.join(root, 'content/pages/linkedin.yaml'), 'utf8')
  for (const [index, address] of RESERVED_PATHS.entries())
    await writeFile(
      path.join(scratch(), pageFile(index)),
      page.replace(/^path: .*$/m, `path: ${address}`),
    )
  // A legal document's file name makes its address: admin.mdx would be /admin.
  const legal = await readFile(path.join(root, 'content/legal/privacy-policy.mdx'), 'utf8')
  await writeFile(path.join(scratch(), 'content/legal/admin.mdx'), legal)
  // A picture outside the repository, reached by ".." and by a symbolic link.
  const outside = path.join(scratch(), 'outside')
  await mkdir(outside)
  await cp(
    path.join(root, 'content/articles/images/calibration-disagreement.png'),
    path.join(outside, 'secret.png'),
  )
  await symlink(
    path.join(outside, 'secret.png'),
    path.join(scratch(), 'content/articles/images/linked.png'),
  )
  const article = await readFile(path.join(root, ARTICLE), 'utf8')
  await writeFile(
    path.join(scratch(), ARTICLE),
    article
      .replace('src: ./images/calibration-disagreement.png', 'src: ./images/linked.png')
      .replace(/\n---\n/, '\n---\n\n![A secret](./images/../../../outside/secret.png)\n'),
  )
  // An off-site link written like a path of this site.
  const site = await readFile(path.join(root, 'content/site.yaml'), 'utf8')
  const changed = site.replace('href: /linkedin', 'href: //evil.test')
  expect(changed).not.toBe(site)
  await writeFile(path.join(scratch(), 'content/site.yaml'), changed)

  const run = await checkContentCommand([scratch()])
  expect(run.code, 'the check exits 1').toBe(1)
  stderr = run.stderr
}, LOAD)

const linesOf = (file: string) => stderr.split('\n').filter((line) => line.startsWith(`${file}:`))

describe("an entry taking the build's or the editor's address", () => {
  it.each(RESERVED_PATHS.map((address, index) => [address, index]))(
    'is refused at its path field: %s',
    (address, index) => {
      const output = reservedBy(String(address))!
      expect(linesOf(pageFile(Number(index)))).toEqual([
        `${pageFile(Number(index))}:1:1  path  the address ${address} is reserved: the build writes ${output.path} for ${output.writer}; choose another address`,
      ])
    },
  )

  it('is refused at its file when its file name makes the address', () => {
    expect(linesOf('content/legal/admin.mdx')).toEqual([
      `content/legal/admin.mdx:1:1  (file)  the address /admin is reserved: the build writes /admin for ${BUILD_OUTPUTS.editor.writer}; choose another address (the file's name makes it): rename the file`,
    ])
  })
})

describe('a picture from outside content/', () => {
  it('is refused when it names ".." and when it is a link leading out', () => {
    expect(linesOf(ARTICLE)).toEqual([
      expect.stringMatching(
        /^content\/articles\/calibrating-interviewers\.mdx:\d+:\d+ {2}cover\.src {2}no image content\/articles\/images\/linked\.png: add the file, or correct the name$/,
      ),
      expect.stringMatching(
        /^content\/articles\/calibrating-interviewers\.mdx:\d+:\d+ {2}\(body\) {2}"\.\/images\/\.\.\/\.\.\/\.\.\/outside\/secret\.png" leads out of the images\/ folder: name the picture "\.\/images\/<file>", with no "\.\." in it$/,
      ),
    ])
  })
})

describe('a YAML href to another site written like a path', () => {
  it('is refused: an address of another site is written in full', () => {
    expect(linesOf('content/site.yaml')).toEqual([
      expect.stringMatching(
        /^content\/site\.yaml:\d+:\d+ {2}[\w.[\]]+\.href {2}"\/\/evil\.test" opens another site: write its address in full, starting with https:\/\/, or a path of this site starting with a single \/$/,
      ),
    ])
  })
})
