// `npm run new -- <collection> <id>`: creates content/<collection>/<id>.yaml (or .mdx) with every
// required field and "TODO: …" placeholders, as a draft. Refuses unknown collections, malformed
// ids and ids that exist. See CONTENT.md.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { collections } from '../content/schema/collections.ts'
import { planEntry, ScaffoldError } from '../builder/content/scaffold.ts'

const root = path.resolve(import.meta.dirname, '..')
const [collection, id] = process.argv.slice(2)
try {
  const { file, text } = await planEntry(root, collections, collection, id)
  await mkdir(path.dirname(path.join(root, file)), { recursive: true })
  await writeFile(path.join(root, file), text, { flag: 'wx' })
  console.log(
    `Created ${file} (a draft). Replace every "TODO: …" in it; npm run check:content lists them.`,
  )
} catch (error) {
  if (!(error instanceof ScaffoldError)) throw error
  console.error(`npm run new: ${error.message}`)
  process.exit(1)
}
