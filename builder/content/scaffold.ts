// `npm run new -- <collection> <id>`: a new entry with every required field present, each text
// holding a "TODO: …" placeholder that says what to write. The content check reports every
// placeholder where it stands, so the entry cannot be published half-written.
import { access } from 'node:fs/promises'
import path from 'node:path'
import { format, resolveConfig } from 'prettier'
import { Document, isMap, isSeq, type Node } from 'yaml'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { DRAFT_FIELD } from '../../site/drafts.ts'
import { ID_PATTERN, slugify } from './load.ts'
import { closest } from './messages.ts'
import { PLACEHOLDER_MARKER } from './placeholders.ts'
import { DATA_EXTENSIONS, DOCUMENT_EXTENSIONS } from './source.ts'
import { collectionJsonSchema, schemaFile, type JsonSchema } from './json-schemas.ts'

/** A refusal with a message for the writer; nothing was written. */
export class ScaffoldError extends Error {
  override name = 'ScaffoldError'
}

export interface Scaffold {
  /** Path from the repository root, e.g. "content/faqs/fintech.yaml". */
  file: string
  text: string
}

/** Checks the request and returns the file to write; throws ScaffoldError when refused. */
export async function planEntry(
  root: string,
  collections: Record<string, CollectionDefinition>,
  collection: string | undefined,
  id: string | undefined,
  today = new Date(),
): Promise<Scaffold> {
  const names = Object.keys(collections)
  if (!collection || !id)
    throw new ScaffoldError(
      `usage: npm run new -- <collection> <id>\ncollections: ${names.join(', ')}`,
    )
  const definition = collections[collection]
  if (!definition) {
    // "industry" for "industries", "faq" for "faqs": singular slips are the usual mistake.
    const stem = collection.replace(/(y|s)$/, '')
    const suggestion = closest(collection, names) ?? names.find((name) => name.startsWith(stem))
    throw new ScaffoldError(
      `there is no collection "${collection}"${suggestion ? `; did you mean "${suggestion}"?` : ''}\ncollections: ${names.join(', ')}`,
    )
  }
  if (definition.singleton)
    throw new ScaffoldError(
      `${collection} is one file, content/${definition.source}: edit it rather than adding entries`,
    )
  if (!ID_PATTERN.test(id))
    throw new ScaffoldError(
      `"${id}" cannot be an id: use lowercase letters and digits in words joined by hyphens${slugify(id) ? `, e.g. "${slugify(id)}"` : ''}`,
    )
  const extensions: readonly string[] =
    definition.type === 'data' ? DATA_EXTENSIONS : DOCUMENT_EXTENSIONS
  for (const extension of extensions) {
    const existing = `content/${definition.source}/${id}${extension}`
    if (await exists(path.join(root, existing)))
      throw new ScaffoldError(
        `${existing} already exists: edit it, or choose another id for the new ${collection} entry`,
      )
  }
  const file = `content/${definition.source}/${id}${extensions[0]}`
  const text = scaffoldText(collection, definition, today)
  // Formatted as `npm run lint` expects, so a new entry never fails the formatting check.
  if (definition.type !== 'data') return { file, text }
  const options = (await resolveConfig(path.join(root, file))) ?? {}
  return { file, text: await format(text, { ...options, filepath: path.join(root, file) }) }
}

/** The text of a new entry: YAML, or for documents frontmatter plus a body skeleton. */
function scaffoldText(
  collection: string,
  definition: CollectionDefinition,
  today = new Date(),
): string {
  const schema = collectionJsonSchema(collection, definition)
  // `draft` goes first, with its comment, whatever its place in the schema.
  const fields = Object.entries(exampleValue(schema, today) as Record<string, unknown>).filter(
    ([key]) => key !== DRAFT_FIELD,
  )
  const doc = new Document({ [DRAFT_FIELD]: true, ...Object.fromEntries(fields) })
  annotate(doc.contents as Node, schema)
  doc.commentBefore = [
    ` New ${collection} entry. Replace every "${PLACEHOLDER_MARKER} …" with the real text; npm run check:content`,
    ' lists the ones left. Field help: docs/content-reference.md, or hover a field in VS Code.',
  ].join('\n')
  const draftPair = (doc.contents as { items: { key: Node }[] }).items[0]!
  draftPair.key.commentBefore =
    ' Drafts show in npm run dev only. Delete this line to publish the entry.'

  const yaml = doc.toString({ lineWidth: 0 })
  if (definition.type === 'data') return yaml
  const schemaPath = path.posix.relative(`content/${definition.source}`, schemaFile(collection))
  return [
    '---',
    `# yaml-language-server: $schema=${schemaPath}`,
    yaml.trimEnd(),
    '---',
    '',
    `${PLACEHOLDER_MARKER} The opening paragraph: what this document covers and for whom.`,
    '',
    `## ${PLACEHOLDER_MARKER} The first heading`,
    '',
    `${PLACEHOLDER_MARKER} The text under it. Add a "## heading" for each further part.`,
    '',
  ].join('\n')
}

/** A value that has the shape `schema` asks for, with placeholders where words go. */
function exampleValue(schema: JsonSchema, today: Date): unknown {
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return schema.enum[0]
  const option = schema.oneOf?.[0] ?? schema.anyOf?.[0]
  if (option) return exampleValue(option, today)
  switch (schema.type) {
    case 'object': {
      const value: Record<string, unknown> = {}
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        if (schema.required?.includes(key)) value[key] = exampleValue(property, today)
      return value
    }
    case 'array': {
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items
      return Array.from({ length: schema.minItems ?? 0 }, () =>
        items ? exampleValue(items, today) : '',
      )
    }
    case 'boolean':
      return schema.default ?? false
    case 'number':
    case 'integer':
      return schema.default ?? schema.minimum ?? 0
    default:
      if (schema.format === 'date') return today.toISOString().slice(0, 10)
      return `${PLACEHOLDER_MARKER} ${schema.description ?? 'the text'}`
  }
}

/** Comments listing the choices of every fixed-choice field, where a writer needs them. */
function annotate(node: Node | null | undefined, schema: JsonSchema | undefined): void {
  if (!node || !schema) return
  const actual = schema.oneOf?.[0] ?? schema.anyOf?.[0] ?? schema
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = String((pair.key as { value?: unknown }).value)
      const property = actual.properties?.[key]
      if (!property || key === DRAFT_FIELD) continue
      if (['number', 'integer', 'boolean'].includes(String(property.type)))
        (pair.value as Node).comment = ` set this: ${property.description ?? 'check the value'}`
      else if (property.enum && property.enum.length > 1)
        (pair.value as Node).comment = ` one of: ${property.enum.join(', ')}`
      else if (property.const !== undefined && (schema.oneOf ?? schema.anyOf))
        (pair.value as Node).comment =
          ` one of: ${(schema.oneOf ?? schema.anyOf)!.map((option) => option.properties?.[key]?.const).join(', ')}`
      annotate(pair.value as Node, property)
    }
  } else if (isSeq(node)) {
    const items = Array.isArray(actual.items) ? actual.items[0] : actual.items
    for (const item of node.items) annotate(item as Node, items)
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file)
    return true
  } catch {
    return false
  }
}
