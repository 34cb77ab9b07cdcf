// The editor support writers rely on: generated JSON Schemas that match content/schema/collections.ts, a
// description on every field, and the field reference (docs/content-reference.md) kept in step with both.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import Ajv from 'ajv'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineCollection } from '../../../../content/schema/collection.ts'
import { loadContent } from '../../../../builder/content/load.ts'
import { readSource } from '../../../../builder/content/source.ts'
import { collections, type CollectionName } from '../../../../content/schema/collections.ts'
import {
  collectionJsonSchema,
  listFields,
  SCHEMA_DIR,
  type JsonSchema,
} from '../../../../builder/content/json-schemas.ts'
import { generatedFiles } from '../../../../builder/content/generated-files.ts'

const root = path.resolve(import.meta.dirname, '../../../..')

describe('generated files', () => {
  it('are up to date with content/schema/collections.ts (run `npm run schemas` if this fails)', async () => {
    const stale: string[] = []
    for (const [file, expected] of await generatedFiles(root, collections)) {
      const actual = await readFile(path.join(root, file), 'utf8').catch(() => '(missing)')
      if (actual !== expected) stale.push(file)
    }
    expect(stale, 'stale or missing: run npm run schemas').toEqual([])
  })

  it('notice a changed description (the staleness check can fail)', async () => {
    const faqs = defineCollection({
      ...collections.faqs,
      schema: collections.faqs.schema.extend({ title: z.string().describe('A new description.') }),
    })
    const files = await generatedFiles(root, { ...collections, faqs })
    const onDisk = await readFile(path.join(root, 'content/.schemas/faqs.schema.json'), 'utf8')
    expect(files.get('content/.schemas/faqs.schema.json')).not.toBe(onDisk)
    expect(files.get('docs/content-reference.md')).toContain('A new description.')
  })

  it('hold no schema for a collection that does not exist', async () => {
    const expected = Object.keys(collections).map((name) => `${name}.schema.json`)
    expect((await readdir(path.join(root, SCHEMA_DIR))).sort()).toEqual(expected.sort())
  })

  it('map every YAML collection in .vscode/settings.json and recommend the YAML extension', async () => {
    const settings = JSON.parse(await readFile(path.join(root, '.vscode/settings.json'), 'utf8'))
    expect(settings['yaml.schemas']['./content/.schemas/faqs.schema.json']).toEqual([
      'content/faqs/*.yaml',
      'content/faqs/*.yml',
    ])
    expect(settings['yaml.schemas']['./content/.schemas/site.schema.json']).toEqual([
      'content/site.yaml',
    ])
    const extensions = JSON.parse(
      await readFile(path.join(root, '.vscode/extensions.json'), 'utf8'),
    )
    expect(extensions.recommendations).toContain('redhat.vscode-yaml')
  })
})

describe('JSON Schemas', () => {
  it('describe every field for writers', () => {
    const undescribed = Object.entries(collections).flatMap(([name, definition]) =>
      listFields(collectionJsonSchema(name, definition))
        .filter((field) => !field.schema.description?.trim())
        .map((field) => `${name}: ${field.path}`),
    )
    expect(undescribed, 'fields without a .describe() in content/schema/collections.ts').toEqual([])
  })

  it('let writers leave out fields that have a default, and offer draft everywhere but site', () => {
    const industries = collectionJsonSchema('industries', collections.industries)
    expect(industries.required).not.toContain('draft')
    expect(industries.properties?.draft?.type).toBe('boolean')
    expect(collectionJsonSchema('site', collections.site).properties?.draft).toBeUndefined()
    const hero = (
      collectionJsonSchema('pages', collections.pages).properties?.sections?.items as JsonSchema
    ).oneOf?.[0]
    expect(hero?.required).not.toContain('actions')
  })

  it('reject unknown fields, as the content check does', () => {
    expect(collectionJsonSchema('faqs', collections.faqs).additionalProperties).toBe(false)
  })
})

describe('JSON Schemas in an editor', () => {
  // Ajv (draft-07, as the YAML language server) stands in for the editor: what it rejects, a
  // writer sees underlined.
  const validate = async (project: string, file: string, collection: CollectionName) => {
    const check = new Ajv({ allErrors: true }).compile(
      collectionJsonSchema(collection, collections[collection]),
    )
    const source = readSource(file, await readFile(path.join(project, file), 'utf8'))
    check(source.data)
    return (check.errors ?? []).map((error) => `${error.dataPath} ${error.message}`)
  }

  it('accept every real entry: no false squiggles', async () => {
    const { entries } = await loadContent(root, collections)
    for (const [collection, list] of entries)
      for (const entry of list)
        expect(await validate(root, entry.file, collection as CollectionName), entry.file).toEqual(
          [],
        )
  })

  it('underline an unknown field and a missing one', async () => {
    const broken = path.join(root, 'tests/fixtures/broken-content')
    expect(await validate(broken, 'content/site.yaml', 'site')).toEqual([
      ' should NOT have additional properties',
      " should have required property 'phone'",
    ])
  })
})

describe('listFields', () => {
  it('names fields in lists and in typed blocks', () => {
    const paths = listFields(collectionJsonSchema('pages', collections.pages)).map((f) => f.path)
    expect(paths).toContain('sections[type=hero].headline')
    expect(paths).toContain('sections[type=hero].actions[].label')
    expect(paths).toContain('sections[type=faq].faq')
  })

  it('finds a field without a description', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        items: {
          description: 'The items.',
          type: 'array',
          items: { type: 'object', properties: { title: { type: 'string' } } },
        },
      },
    }
    expect(
      listFields(schema)
        .filter((f) => !f.schema.description)
        .map((f) => f.path),
    ).toEqual(['items[].title'])
  })
})
