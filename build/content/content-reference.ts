// The field reference in CONTENT.md, written from the JSON Schemas so it always lists the
// collections and fields that really exist, with the descriptions writers see in their editor.
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import {
  collectionJsonSchema,
  describeLocation,
  listFields,
  schemaFile,
  type JsonSchema,
} from './json-schemas.ts'

const REFERENCE_START = '<!-- generated:content-reference:start -->'
const REFERENCE_END = '<!-- generated:content-reference:end -->'

export function renderReference(collections: Record<string, CollectionDefinition>): string {
  const lines = [
    REFERENCE_START,
    '',
    '_Generated from `content/schema/collections.ts` by `npm run schemas`. Do not edit between these markers: edit the descriptions in `content/schema/collections.ts` and run the command again._',
    '',
    '| collection | one entry is a | schema |',
    '| --- | --- | --- |',
    ...Object.entries(collections).map(
      ([name, definition]) =>
        `| [\`${name}\`](#${name}) | \`${describeLocation(definition).replace(/^file /, '')}\` | [\`${schemaFile(name)}\`](${schemaFile(name)}) |`,
    ),
  ]
  for (const [name, definition] of Object.entries(collections)) {
    const schema = collectionJsonSchema(name, definition)
    lines.push(
      '',
      `### ${name}`,
      '',
      definition.singleton
        ? `One file: \`content/${definition.source}\`.`
        : `One ${definition.type === 'data' ? 'YAML' : 'MDX'} file per entry in \`content/${definition.source}/\`; the file name is the entry's id. Start one with \`npm run new -- ${name} <id>\`.`,
      '',
      '| field | required | value | what it is |',
      '| --- | --- | --- | --- |',
      ...listFields(schema).map(
        (field) =>
          `| \`${field.path}\` | ${field.required ? 'yes' : 'no'} | ${cell(describeValue(field.schema))} | ${cell(field.schema.description ?? '')} |`,
      ),
    )
  }
  lines.push('', REFERENCE_END)
  return lines.join('\n')
}

/** The kind of value a field takes and its limits, in a writer's words. */
export function describeValue(schema: JsonSchema): string {
  const parts: string[] = []
  if (schema.const !== undefined) parts.push(`always \`${String(schema.const)}\``)
  else if (schema.enum)
    parts.push(`one of ${schema.enum.map((value) => `\`${String(value)}\``).join(', ')}`)
  else if (schema.oneOf || schema.anyOf) parts.push('one of the kinds of block below')
  else if (schema.type === 'boolean') parts.push('`true` or `false`')
  else if (schema.type === 'number' || schema.type === 'integer')
    parts.push(`a number${range(schema.minimum, schema.maximum, '')}`)
  else if (schema.type === 'string') parts.push(describeText(schema))
  else if (schema.type === 'array') parts.push(describeList(schema))
  else if (schema.type === 'object') parts.push('a block of the fields below')
  if (schema.default !== undefined && !(Array.isArray(schema.default) && !schema.default.length))
    parts.push(`default \`${JSON.stringify(schema.default)}\``)
  return parts.join('; ')
}

function describeText(schema: JsonSchema): string {
  if (schema.format === 'uri') return 'a full address starting with `https://`'
  if (schema.format === 'email') return 'an e-mail address'
  if (schema.format === 'date') return 'a date, `YYYY-MM-DD`'
  const min = (schema.minLength ?? 0) > 1 ? schema.minLength : undefined
  return `text${range(min, schema.maxLength, ' characters')}`
}

function describeList(schema: JsonSchema): string {
  const items = Array.isArray(schema.items) ? undefined : schema.items
  const of =
    items?.type === 'object' || items?.oneOf || items?.anyOf
      ? ' of blocks'
      : items?.type === 'string'
        ? ' of text'
        : ''
  return `a list${of}${range(schema.minItems, schema.maxItems, ' items')}`
}

function range(min: number | undefined, max: number | undefined, unit: string): string {
  if (min !== undefined && max !== undefined) return `, ${min}–${max}${unit}`
  const units = (count: number) => (count === 1 ? unit.replace(/s$/, '') : unit)
  if (min !== undefined) return `, at least ${min}${units(min)}`
  if (max !== undefined) return `, at most ${max}${units(max)}`
  return ''
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

/** `document` with the text between the reference markers replaced by `reference`. */
export function replaceReference(document: string, reference: string): string {
  const start = document.indexOf(REFERENCE_START)
  const end = document.indexOf(REFERENCE_END)
  if (start === -1 || end === -1 || end < start)
    throw new Error(`CONTENT.md must contain ${REFERENCE_START} and ${REFERENCE_END} in that order`)
  return document.slice(0, start) + reference + document.slice(end + REFERENCE_END.length)
}
