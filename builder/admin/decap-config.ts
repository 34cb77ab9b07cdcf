// The editing UI's configuration (Decap CMS, docs/editing-ui.md), generated from the same Zod
// schemas the content check applies (through their JSON Schemas, ../content/json-schemas.ts):
// every collection gets a form whose fields, required marks, choices, date pickers, pickers
// for references and help texts come from its schema, so the form cannot drift from the check.
import { REFERENCE_KEY, type CollectionDefinition } from '../../content/schema/collection.ts'
import { collectionJsonSchema, describeLocation, type JsonSchema } from '../content/json-schemas.ts'
import { PREVIEW_STATUS_CONTEXT } from '../../site/preview-build.ts'

/** One field of a Decap form (the widgets this generator uses and the options they take). */
export interface DecapField {
  name: string
  label: string
  widget: string
  required?: boolean
  hint?: string
  default?: unknown
  options?: { label: string; value: string | number }[]
  multiple?: boolean
  min?: number
  max?: number
  value_type?: 'int' | 'float'
  fields?: DecapField[]
  field?: DecapField
  types?: DecapField[]
  typeKey?: string
  summary?: string
  collapsed?: boolean
  // datetime
  format?: string
  date_format?: string
  time_format?: boolean
  // markdown
  modes?: string[]
  // image
  choose_url?: boolean
}

export interface DecapCollection {
  name: string
  label: string
  description?: string
  folder?: string
  extension?: string
  format?: string
  create?: boolean
  delete?: boolean
  slug?: string
  identifier_field?: string
  summary?: string
  sortable_fields?: string[]
  media_folder?: string
  public_folder?: string
  files?: { name: string; label: string; file: string; fields: DecapField[] }[]
  fields?: DecapField[]
  editor?: { preview: boolean }
}

/** Where the editing UI saves: the files on this machine, or a pull request on GitHub. */
export type BackendMode =
  | { mode: 'local'; url: string }
  | {
      mode: 'github'
      /** owner/name of the repository. */
      repo: string
      branch: string
      /** The GitHub API: https://api.github.com, or a test's fake. */
      apiRoot?: string
      /** The OAuth server that hands the editor a token (docs/editing-ui.md). */
      baseUrl?: string
      authEndpoint?: string
    }

export interface DecapConfig {
  backend: Record<string, unknown>
  local_backend?: { url: string }
  publish_mode?: 'editorial_workflow'
  load_config_file: false
  media_folder: string
  public_folder: string
  slug: { encoding: 'ascii'; clean_accents: true; sanitize_replacement: '-' }
  collections: DecapCollection[]
}

/** The ids a reference picker offers. */
export interface ReferenceChoices {
  /** By collection or asset folder name (`tags`, `illustrations`), the ids that exist. */
  [name: string]: readonly string[]
}

/** A document collection's pictures: its images/ folder, written as "./images/x.png". */
const DOCUMENT_MEDIA = { media_folder: 'images', public_folder: './images' }

/** The body of a document collection: MDX, with the writer components (admin/editor-components.ts). */
export const BODY_FIELD: DecapField = {
  name: 'body',
  label: 'Body',
  widget: 'markdown',
  hint: 'The text, in Markdown; the writer components are in the + menu of the rich text mode.',
  modes: ['raw', 'rich_text'],
}

/** The Decap configuration of every collection, for one backend. */
export function decapConfig(
  collections: Record<string, CollectionDefinition>,
  backend: BackendMode,
  choices: ReferenceChoices,
  contentDir = 'content',
): DecapConfig {
  return {
    backend:
      backend.mode === 'local'
        ? { name: 'proxy', proxy_url: backend.url, branch: 'main' }
        : {
            name: 'github',
            repo: backend.repo,
            branch: backend.branch,
            ...(backend.apiRoot ? { api_root: backend.apiRoot } : {}),
            ...(backend.baseUrl ? { base_url: backend.baseUrl } : {}),
            ...(backend.authEndpoint ? { auth_endpoint: backend.authEndpoint } : {}),
            // The pull request's preview, set by CI's preview job: the entry's "View Preview".
            preview_context: PREVIEW_STATUS_CONTEXT,
          },
    // GitHub mode: "Publish" goes through a branch and a pull request, which CI checks.
    ...(backend.mode === 'github' ? { publish_mode: 'editorial_workflow' as const } : {}),
    load_config_file: false,
    // Pictures belong to the document collections (their images/ folders); this is only the
    // media library's default.
    media_folder: `${contentDir}/articles/images`,
    public_folder: './images',
    // File names are entry ids: lowercase words joined by hyphens (ID_PATTERN in load.ts).
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: Object.entries(collections).map(([name, definition]) =>
      decapCollection(name, definition, choices, contentDir),
    ),
  }
}

function decapCollection(
  name: string,
  definition: CollectionDefinition,
  choices: ReferenceChoices,
  contentDir: string,
): DecapCollection {
  const schema = collectionJsonSchema(name, definition)
  const fields = objectFields(schema, choices)
  const label = humanize(name)
  // Where the entries live, as the writer's guide says it ("content/faqs/<id>.yaml").
  const description = `Each entry is one ${describeLocation(definition)}.`
  if (definition.singleton)
    return {
      name,
      label,
      description,
      editor: { preview: true },
      files: [{ name, label, file: `${contentDir}/${definition.source}`, fields }],
    }
  const identifier = identifierField(schema)
  const isDocument = definition.type === 'document'
  return {
    name,
    label,
    description,
    folder: `${contentDir}/${definition.source}`,
    extension: isDocument ? 'mdx' : 'yaml',
    format: isDocument ? 'frontmatter' : 'yaml',
    // A list file (testimonials, pricing…) has no title to name a new file after.
    create: identifier !== undefined,
    delete: true,
    ...(identifier
      ? { identifier_field: identifier, slug: `{{${identifier}}}` }
      : // A list file is named by its file alone, which is no field. Decap's `{{slug}}` would be
        // the identifier's value (with none, the whole entry, shown as "Map { items: … }"), so
        // the list shows `{{filename}}`; and left unset, Decap looks for a title field to show
        // and sort by and logs "⛔ The Field title is missing" on every load, list and entry:
        // naming the file as the identifier stops the search.
        { identifier_field: 'filename', sortable_fields: [] }),
    summary: identifier ? `{{${identifier}}}` : '{{filename}}',
    ...(isDocument ? DOCUMENT_MEDIA : {}),
    editor: { preview: true },
    fields: isDocument ? [...fields, BODY_FIELD] : fields,
  }
}

/** The field a new entry's file name comes from: its title, else its first required text. */
function identifierField(schema: JsonSchema): string | undefined {
  const properties = schema.properties ?? {}
  if (properties.title) return 'title'
  return schema.required?.find((key) => properties[key]?.type === 'string')
}

/** The fields of an object schema, in the order the schema lists them. */
export function objectFields(schema: JsonSchema, choices: ReferenceChoices): DecapField[] {
  return Object.entries(schema.properties ?? {}).map(([key, property]) =>
    decapField(key, property, schema.required?.includes(key) ?? false, choices),
  )
}

/** The key naming the kind of each block of a list of several kinds (page sections). */
const TYPE_KEY = 'type'

/** The options of a union told apart by a constant `type`, or undefined for another union. */
export function typedOptions(schema: JsonSchema): JsonSchema[] | undefined {
  const options = schema.oneOf ?? schema.anyOf
  if (!options?.length) return undefined
  return options.every((option) => option.properties?.[TYPE_KEY]?.const !== undefined)
    ? options
    : undefined
}

/** The constant values of a union of constants (`columns: 2 | 3 | 4`), or undefined. */
function constOptions(schema: JsonSchema): (string | number)[] | undefined {
  const options = schema.oneOf ?? schema.anyOf
  if (!options?.length || !options.every((option) => option.const !== undefined)) return undefined
  return options.map((option) => option.const as string | number)
}

/** The image pattern of ../../content/schema/articles.ts `image.src`: a picture upload. */
const IMAGE_PATTERN_PREFIX = '^\\.\\/images\\/'

function decapField(
  name: string,
  schema: JsonSchema,
  required: boolean,
  choices: ReferenceChoices,
): DecapField {
  const base = {
    name,
    label: humanize(name),
    required,
    ...(schema.description ? { hint: schema.description } : {}),
    ...(schema.default !== undefined ? { default: schema.default } : {}),
  }
  const reference = schema[REFERENCE_KEY]
  if (reference !== undefined) return { ...base, ...referenceWidget(reference, choices, false) }
  const constants = constOptions(schema)
  if (constants) return { ...base, widget: 'select', options: constants.map(option) }
  if (schema.enum) return { ...base, widget: 'select', options: schema.enum.map(option) }
  switch (schema.type) {
    case 'boolean':
      return { ...base, widget: 'boolean' }
    case 'integer':
    case 'number':
      return {
        ...base,
        widget: 'number',
        value_type: schema.type === 'integer' ? 'int' : 'float',
        ...(schema.minimum !== undefined ? { min: schema.minimum } : {}),
        ...(schema.maximum !== undefined ? { max: schema.maximum } : {}),
      }
    case 'object':
      return {
        ...base,
        widget: 'object',
        collapsed: !required,
        fields: objectFields(schema, choices),
      }
    case 'array':
      return { ...base, ...listWidget(schema, choices) }
    case 'string':
      if (schema.format === 'date')
        return {
          ...base,
          widget: 'datetime',
          format: 'YYYY-MM-DD',
          date_format: 'YYYY-MM-DD',
          time_format: false,
        }
      if (schema.pattern?.startsWith(IMAGE_PATTERN_PREFIX))
        return { ...base, widget: 'image', choose_url: false }
      return { ...base, widget: isLongText(schema) ? 'text' : 'string' }
  }
  throw new Error(`the editing UI has no widget for field "${name}": ${JSON.stringify(schema)}`)
}

function listWidget(
  schema: JsonSchema,
  choices: ReferenceChoices,
): Omit<DecapField, 'name' | 'label'> {
  const items = Array.isArray(schema.items) ? undefined : schema.items
  if (!items) throw new Error(`a list without one item schema: ${JSON.stringify(schema)}`)
  const counts = {
    ...(schema.minItems !== undefined ? { min: schema.minItems } : {}),
    ...(schema.maxItems !== undefined ? { max: schema.maxItems } : {}),
  }
  const reference = items[REFERENCE_KEY]
  if (reference !== undefined) return { ...referenceWidget(reference, choices, true), ...counts }
  const typed = typedOptions(items)
  if (typed)
    return {
      widget: 'list',
      ...counts,
      typeKey: TYPE_KEY,
      types: typed.map((option) => {
        const kind = String(option.properties![TYPE_KEY]!.const)
        const { [TYPE_KEY]: _kind, ...properties } = option.properties!
        return {
          name: kind,
          label: humanize(kind),
          widget: 'object',
          ...(option.description ? { hint: option.description } : {}),
          fields: objectFields({ ...option, properties }, choices),
        }
      }),
    }
  // Items open: a writer sees every question and answer at once (sections stay folded).
  if (items.type === 'object')
    return { widget: 'list', ...counts, collapsed: false, fields: objectFields(items, choices) }
  return { widget: 'list', ...counts, field: decapField('item', items, true, choices) }
}

/**
 * A picker for a reference: a choice of the ids that exist (entries' file names, items of list
 * files, illustration files), read when the form is opened.
 */
function referenceWidget(
  target: string | string[],
  choices: ReferenceChoices,
  multiple: boolean,
): Omit<DecapField, 'name' | 'label'> {
  const names = Array.isArray(target) ? target : [target]
  const known = names.flatMap((name) => {
    const ids = choices[name]
    if (!ids) throw new Error(`the editing UI was given no ids of "${name}" to pick from`)
    return ids
  })
  return { widget: 'select', multiple, options: [...new Set(known)].sort().map(option) }
}

const option = (value: unknown) => ({ label: String(value), value: value as string | number })

/** Sentences rather than names: a field a writer writes more than a line into. */
function isLongText(schema: JsonSchema): boolean {
  return (
    (schema.minLength ?? 0) >= 50 ||
    /\b(answer|quote|sentence|text)\b/i.test(schema.description ?? '')
  )
}

/** "publishDate" → "Publish date", "case-studies" → "Case studies". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
