// Everything `npm run schemas` writes, computed in memory so a test can compare it with the
// repository and fail when a schema change was not followed by the command.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { format, resolveConfig } from 'prettier'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { REFERENCE_FILE, renderReference } from './content-reference.ts'
import { collectionGlobs, collectionJsonSchema, schemaFile } from './json-schemas.ts'

const SETTINGS_FILE = '.vscode/settings.json'
const EXTENSIONS_FILE = '.vscode/extensions.json'
/** The VS Code extension that reads `yaml.schemas`: YAML by Red Hat. */
const YAML_EXTENSION = 'redhat.vscode-yaml'

/** Path (from the repository root) → the text that file must hold. */
export async function generatedFiles(
  root: string,
  collections: Record<string, CollectionDefinition>,
): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  for (const [name, definition] of Object.entries(collections))
    files.set(schemaFile(name), JSON.stringify(collectionJsonSchema(name, definition), null, 2))

  // Only the keys this command owns are replaced; anyone's other settings stay as they are.
  const settings = await readJson(root, SETTINGS_FILE)
  const yamlSchemas: Record<string, string[]> = {}
  for (const [name, definition] of Object.entries(collections))
    if (definition.type === 'data')
      yamlSchemas[`./${schemaFile(name)}`] = collectionGlobs(definition)
  files.set(SETTINGS_FILE, JSON.stringify({ ...settings, 'yaml.schemas': yamlSchemas }, null, 2))

  const extensions = await readJson(root, EXTENSIONS_FILE)
  const recommendations = Array.isArray(extensions.recommendations)
    ? (extensions.recommendations as string[])
    : []
  files.set(
    EXTENSIONS_FILE,
    JSON.stringify(
      {
        ...extensions,
        recommendations: recommendations.includes(YAML_EXTENSION)
          ? recommendations
          : [...recommendations, YAML_EXTENSION],
      },
      null,
      2,
    ),
  )

  // Formatted as `npm run format` would, so the generated files pass `npm run lint` unchanged;
  // the reference is left out of formatting (.prettierignore, ./content-reference.ts).
  for (const [file, text] of files) {
    const options = (await resolveConfig(path.join(root, file))) ?? {}
    files.set(file, await format(text, { ...options, filepath: path.join(root, file) }))
  }
  files.set(REFERENCE_FILE, renderReference(collections))
  return files
}

async function readJson(root: string, file: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await readFile(path.join(root, file), 'utf8')) as Record<string, unknown>
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`)
  }
}
