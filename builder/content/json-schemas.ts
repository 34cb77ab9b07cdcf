// JSON Schemas of the content collections, from the same Zod schemas the content check uses, so
// a writer's editor completes, explains and underlines fields by the rules CI applies.
import { z } from 'zod'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { DATA_EXTENSIONS, DOCUMENT_EXTENSIONS } from './source.ts'

/** The part of JSON Schema (draft-07) the content schemas use. */
export interface JsonSchema {
  $schema?: string
  title?: string
  description?: string
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema | JsonSchema[]
  oneOf?: JsonSchema[]
  anyOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  default?: unknown
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  minimum?: number
  maximum?: number
  /** The collection(s) a reference field names an entry of (REFERENCE_KEY in collection.ts). */
  'x-reference'?: string | string[]
}

/** The formats draft-07 defines, which editors understand. */
const STANDARD_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
])

export const SCHEMA_DIR = 'content/.schemas'

export const schemaFile = (collection: string) => `${SCHEMA_DIR}/${collection}.schema.json`

/**
 * The JSON Schema of one collection, as a writer types it: `io: 'input'` so fields with a
 * default are optional, and draft-07 because that is what the YAML language server supports.
 */
export function collectionJsonSchema(name: string, definition: CollectionDefinition): JsonSchema {
  const schema = z.toJSONSchema(definition.schema, {
    io: 'input',
    target: 'draft-7',
    // Refinements (unique questions, existing references) have no JSON Schema form; the
    // content check still applies them.
    unrepresentable: 'any',
    override: ({ jsonSchema }) => {
      // Zod names some checks as formats JSON Schema does not define ("includes"); the pattern
      // beside it already says the same, and editors would otherwise warn about the schema.
      if (jsonSchema.format && !STANDARD_FORMATS.has(jsonSchema.format)) delete jsonSchema.format
    },
  }) as JsonSchema
  describeKinds(schema)
  const { $schema, ...rest } = schema
  return {
    $schema,
    title: `Panelwise content: ${name}`,
    description: `One ${describeLocation(definition)}. Generated from content/schema/collections.ts by npm run schemas; do not edit.`,
    ...rest,
  }
}

/**
 * In a list of blocks of several kinds (page sections), the field naming the kind means the
 * same in every kind; it gets that meaning unless config.ts describes it more precisely.
 */
function describeKinds(schema: JsonSchema): void {
  for (const option of schema.oneOf ?? schema.anyOf ?? []) {
    for (const [key, property] of Object.entries(option.properties ?? {}))
      if (property.const !== undefined && !property.description && option.required?.includes(key))
        property.description = `The kind of block: "${String(property.const)}". Each kind has its own fields.`
  }
  for (const child of [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items && !Array.isArray(schema.items) ? [schema.items] : []),
    ...(schema.oneOf ?? schema.anyOf ?? []),
  ])
    describeKinds(child)
}

/** Where a collection's entries live, in words: "file content/faqs/<id>.yaml". */
export function describeLocation(definition: CollectionDefinition): string {
  if (definition.singleton) return `file content/${definition.source}`
  const extension = definition.type === 'data' ? '.yaml' : '.mdx'
  return `file content/${definition.source}/<id>${extension}`
}

/** Globs (from the repository root) of the files a collection reads. */
export function collectionGlobs(definition: CollectionDefinition): string[] {
  if (definition.singleton) return [`content/${definition.source}`]
  const extensions = definition.type === 'data' ? DATA_EXTENSIONS : DOCUMENT_EXTENSIONS
  return extensions.map((extension) => `content/${definition.source}/*${extension}`)
}

export interface Field {
  /** e.g. "roles.items[].title" or "sections[type=hero].headline". */
  path: string
  schema: JsonSchema
  required: boolean
}

/** Every field (object property) in a schema, depth first, in the order the schema lists them. */
export function listFields(schema: JsonSchema, path = ''): Field[] {
  const fields: Field[] = []
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const fieldPath = path ? `${path}.${key}` : key
    fields.push({
      path: fieldPath,
      schema: property,
      required: schema.required?.includes(key) ?? false,
    })
    fields.push(...listFields(property, fieldPath))
  }
  if (schema.items && !Array.isArray(schema.items))
    fields.push(...listFields(schema.items, `${path}[]`))
  for (const option of schema.oneOf ?? schema.anyOf ?? []) {
    fields.push(...listFields(option, optionPath(path, option)))
  }
  return fields
}

/** The path of one option of a union: "sections[type=hero]" for a list of typed blocks. */
function optionPath(path: string, option: JsonSchema): string {
  const label = optionLabel(option)
  return path.endsWith('[]') ? `${path.slice(0, -2)}[${label}]` : `${path}(${label})`
}

/** "type=hero" for an option told apart by a constant field, else its title or its type. */
function optionLabel(option: JsonSchema): string {
  for (const [key, property] of Object.entries(option.properties ?? {}))
    if (property.const !== undefined && option.required?.includes(key))
      return `${key}=${String(property.const)}`
  return option.title ?? String(option.type ?? 'option')
}
