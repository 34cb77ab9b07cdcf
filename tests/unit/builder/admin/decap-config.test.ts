// The editing UI's forms (builder/admin/decap-config.ts) against the schemas the content check
// applies: every field of every collection, every section type included, in both directions,
// with its required mark, its choices, its date picker, its reference picker and its help text.
import { describe, expect, it } from 'vitest'
import { REFERENCE_KEY } from '../../../../content/schema/collection.ts'
import { collections } from '../../../../content/schema/collections.ts'
import {
  collectionJsonSchema,
  listFields,
  type Field,
  type JsonSchema,
} from '../../../../builder/content/json-schemas.ts'
import {
  BODY_FIELD,
  decapConfig,
  type DecapCollection,
  type DecapField,
  type ReferenceChoices,
} from '../../../../builder/admin/decap-config.ts'
import { editorComponents } from '../../../../admin/editor-components.ts'
import { FORM_WIDGETS } from '../../../../admin/form-widgets.ts'

/** Every reference target answers with one made-up id, enough to see the picker. */
const choices: ReferenceChoices = new Proxy({}, { get: (_, name) => [`some-${String(name)}`] })
const config = decapConfig(collections, { mode: 'local', url: '/admin/api/v1' }, choices)

/** A form field with the path listFields gives the schema field it edits. */
interface FormField {
  path: string
  field: DecapField
}

/** Every field of a form, depth first, named as listFields names schema fields. */
function formFields(fields: readonly DecapField[], path = ''): FormField[] {
  return fields.flatMap((field) => {
    const own = path ? `${path}.${field.name}` : field.name
    const found: FormField[] = [{ path: own, field }]
    if (field.widget === 'object') found.push(...formFields(field.fields ?? [], own))
    if (field.widget === 'list' && field.fields) found.push(...formFields(field.fields, `${own}[]`))
    if (field.widget === 'list' && field.field?.widget === 'object')
      found.push(...formFields(field.field.fields ?? [], `${own}[]`))
    for (const kind of field.types ?? []) {
      const option = `${own}[${field.typeKey}=${kind.name}]`
      // The kind itself is a field of the schema; the form picks it from the + menu.
      found.push({ path: `${option}.${field.typeKey}`, field: kind })
      found.push(...formFields(kind.fields ?? [], option))
    }
    return found
  })
}

function collectionForm(collection: DecapCollection): readonly DecapField[] {
  const fields = collection.files?.[0]?.fields ?? collection.fields ?? []
  return fields.filter((field) => field !== BODY_FIELD)
}

/** The fields of `schema` missing from `form`, and those of `form` not in `schema`. */
function drift(schema: JsonSchema, form: readonly DecapField[]) {
  const inSchema = listFields(schema).map((field) => field.path)
  const inForm = formFields(form).map((field) => field.path)
  return {
    missingFromForm: inSchema.filter((path) => !inForm.includes(path)),
    notInSchema: inForm.filter((path) => !inSchema.includes(path)),
  }
}

const byName = new Map(config.collections.map((collection) => [collection.name, collection]))

/** Every widget a field, or a field inside it, names. */
const widgetsOf = (fields: readonly DecapField[] = []): string[] =>
  fields.flatMap((field) => [
    field.widget,
    ...widgetsOf(field.fields),
    ...widgetsOf(field.field ? [field.field] : []),
    ...widgetsOf(field.types),
  ])

describe('editing UI forms', () => {
  it('use only the widgets the editor registers (admin/decap-app.ts)', () => {
    const used = new Set(
      config.collections.flatMap((collection) => [
        ...widgetsOf(collection.fields),
        ...(collection.files ?? []).flatMap((file) => widgetsOf(file.fields)),
      ]),
    )
    for (const component of editorComponents)
      for (const field of component.fields ?? []) used.add(String(field.widget ?? 'string'))
    expect(
      [...used].filter((widget) => !(FORM_WIDGETS as readonly string[]).includes(widget)),
    ).toEqual([])
    // And every one registered is used: none is bundled for nothing.
    expect(FORM_WIDGETS.filter((widget) => !used.has(widget))).toEqual([])
  })

  it('have one form per collection', () => {
    expect([...byName.keys()].sort()).toEqual(Object.keys(collections).sort())
  })

  for (const [name, definition] of Object.entries(collections)) {
    const schema = collectionJsonSchema(name, definition)
    it(`edit every field of ${name} and nothing else`, () => {
      expect(drift(schema, collectionForm(byName.get(name)!))).toEqual({
        missingFromForm: [],
        notInSchema: [],
      })
    })

    it(`follow the rules of each field of ${name}`, () => {
      const form = new Map(formFields(collectionForm(byName.get(name)!)).map((f) => [f.path, f]))
      for (const schemaField of listFields(schema)) {
        const { field } = form.get(schemaField.path)!
        if (isTypeKey(schemaField)) continue
        expect
          .soft(field.hint, `${schemaField.path}: help text`)
          .toBe(schemaField.schema.description)
        expect.soft(field.required, `${schemaField.path}: required`).toBe(schemaField.required)
        expect
          .soft(expectedWidgets(schemaField.schema), `${schemaField.path}: widget`)
          .toContain(field.widget)
        if (schemaField.schema.enum)
          expect.soft(field.options?.map((option) => option.value)).toEqual(schemaField.schema.enum)
      }
    })
  }

  it('notice a schema field the form lacks, and a form field the schema lacks', () => {
    const schema = collectionJsonSchema('pages', collections.pages)
    const form = structuredClone(collectionForm(byName.get('pages')!)) as DecapField[]
    const sections = form.find((field) => field.name === 'sections')!
    const hero = sections.types!.find((kind) => kind.name === 'hero')!
    const removed = hero.fields!.find((field) => field.widget === 'string')!.name
    hero.fields = hero.fields!.filter((field) => field.name !== removed)
    hero.fields.push({ name: 'subtitel', label: 'Subtitel', widget: 'string' })
    expect(drift(schema, form)).toEqual({
      missingFromForm: [`sections[type=hero].${removed}`],
      notInSchema: ['sections[type=hero].subtitel'],
    })
  })

  it('give the articles a date picker, a tag picker, a picture upload and the MDX body', () => {
    const articles = byName.get('articles')!
    const field = (name: string) => articles.fields!.find((f) => f.name === name)!
    expect(field('publishDate')).toMatchObject({ widget: 'datetime', format: 'YYYY-MM-DD' })
    expect(field('tags')).toMatchObject({ widget: 'select', multiple: true, min: 1, max: 4 })
    expect(field('tags').options).toEqual([{ label: 'some-tags', value: 'some-tags' }])
    expect(field('cover').fields!.find((f) => f.name === 'src')).toMatchObject({
      widget: 'image',
    })
    expect(field('cover').fields!.find((f) => f.name === 'alt')).toMatchObject({
      required: true,
    })
    expect(field('body')).toBe(BODY_FIELD)
    expect(articles).toMatchObject({ folder: 'content/articles', extension: 'mdx' })
  })

  it('edit site.yaml as one form', () => {
    expect(byName.get('site')!.files).toEqual([
      expect.objectContaining({ file: 'content/site.yaml' }),
    ])
  })
})

/** The `type` field of one section type: the form sets it by the kind chosen. */
const isTypeKey = (field: Field) => /\[type=[^\]]+\]\.type$/.test(field.path)

/** The widgets a schema field may get: a picker, a choice, a date, a picture, words… */
function expectedWidgets(schema: JsonSchema): string[] {
  return [expectedWidget(schema)].flat()
}

function expectedWidget(schema: JsonSchema): string | string[] {
  if (schema[REFERENCE_KEY] !== undefined) return 'select'
  if (schema.type === 'array' && !Array.isArray(schema.items) && schema.items?.[REFERENCE_KEY])
    return 'select'
  if (schema.enum || (schema.anyOf ?? schema.oneOf)?.every((option) => 'const' in option))
    return 'select'
  if (schema.format === 'date') return 'datetime'
  if (schema.type === 'string' && schema.pattern?.startsWith('^\\.\\/images\\/')) return 'image'
  // A line or a box of words: the form chooses by how long the text runs.
  if (schema.type === 'string') return ['string', 'text']
  if (schema.type === 'integer') return 'number'
  if (schema.type === 'array') return 'list'
  return String(schema.type)
}
