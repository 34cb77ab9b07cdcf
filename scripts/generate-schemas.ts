// `npm run schemas`: writes the JSON Schema of every content collection to content/.schemas/,
// maps them to the content files in .vscode/settings.json (YAML extension), and writes the field
// reference, docs/content-reference.md. Run it after changing content/schema/collections.ts; a test fails until
// you do.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { collections } from '../content/schema/collections.ts'
import { SCHEMA_DIR } from '../builder/content/json-schemas.ts'
import { generatedFiles } from '../builder/content/generated-files.ts'

const root = path.resolve(import.meta.dirname, '..')
const changed: string[] = []
const files = await generatedFiles(root, collections)
for (const [file, text] of files) {
  const absolute = path.join(root, file)
  const current = await readFile(absolute, 'utf8').catch(() => undefined)
  if (current === text) continue
  await mkdir(path.dirname(absolute), { recursive: true })
  await writeFile(absolute, text)
  changed.push(file)
}
// The schema of a collection that was renamed or removed would mislead editors: remove it.
for (const name of await readdir(path.join(root, SCHEMA_DIR))) {
  const file = `${SCHEMA_DIR}/${name}`
  if (files.has(file)) continue
  await rm(path.join(root, file))
  changed.push(`${file} (removed)`)
}
console.log(
  changed.length
    ? `Updated:\n  ${changed.join('\n  ')}`
    : 'Schemas and the field reference are up to date.',
)
