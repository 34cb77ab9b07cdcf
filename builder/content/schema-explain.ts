// What a schema's issue means to a writer: the field it names and a sentence, with "did you mean"
// for a misspelt field and the branch that got furthest for a union. Used by ./content-checker.ts.
import type { z } from 'zod'
import { DRAFT_FIELD } from '../../site/drafts.ts'
import { closest, MISSING_MESSAGE } from './messages.ts'
import type { FieldPath } from './source.ts'

export function explain(
  issue: z.core.$ZodIssue,
  schema: z.ZodType,
): { fieldPath: FieldPath; message: string }[] {
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeysAt(schema, issue.path)
    return issue.keys.map((key) => {
      const suggestion = closest(key, known)
      return {
        fieldPath: [...issue.path, key],
        message: suggestion
          ? `unknown field "${key}"; did you mean "${suggestion}"?`
          : `unknown field "${key}"; allowed here: ${contentKeys(known, issue.path).join(', ')}`,
      }
    })
  }
  if (issue.code === 'invalid_union') {
    if (!issue.errors.length) {
      // A discriminated union whose `type` (or other discriminator) matched no option.
      const { discriminator = 'type', options = [] } = issue as {
        discriminator?: string
        options?: unknown[]
      }
      const unionPath = issue.path.at(-1) === discriminator ? issue.path.slice(0, -1) : issue.path
      return [
        {
          fieldPath: [...unionPath, discriminator],
          message: `must be one of ${options.map((value) => JSON.stringify(value)).join(', ')}`,
        },
      ]
    }
    // Report the branch that got furthest rather than a bare "invalid input".
    const branch = issue.errors.reduce((best, next) => (next.length < best.length ? next : best))
    return branch.flatMap((inner) =>
      explain({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue, schema),
    )
  }
  // A field's own message ("must be a date written YYYY-MM-DD") wins over the writer's error map,
  // and says nothing of a field that is not there at all.
  if (issue.code === 'invalid_type' && 'input' in issue && issue.input === undefined)
    return [{ fieldPath: issue.path, message: MISSING_MESSAGE }]
  return [{ fieldPath: issue.path, message: issue.message }]
}

type SchemaDef = Record<string, unknown> & { type: string }
const defOf = (node: z.core.$ZodType | undefined) =>
  node?._zod.def as unknown as SchemaDef | undefined

/** The schema with optional/default/pipe wrappers taken off. */
function unwrap(node: z.core.$ZodType | undefined): z.core.$ZodType | undefined {
  let inner = node
  for (let guard = 0; inner && guard < 20; guard++) {
    const def = defOf(inner)!
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(def.type))
      inner = def.innerType as z.core.$ZodType
    else if (def.type === 'pipe') inner = def.in as z.core.$ZodType
    else break
  }
  return inner
}

/** The part of a schema that checks the value at `fieldPath`. */
function schemaAt(schema: z.ZodType, fieldPath: FieldPath): z.core.$ZodType | undefined {
  let current: z.core.$ZodType | undefined = schema
  for (const segment of fieldPath) {
    const def = defOf(unwrap(current))
    if (def?.type === 'object')
      current = (def.shape as Record<string, z.core.$ZodType>)[String(segment)]
    else if (def?.type === 'array') current = def.element as z.core.$ZodType
    else return undefined
  }
  return unwrap(current)
}

/** The field names a strict object accepts at `fieldPath`, for "did you mean". */
function knownKeysAt(schema: z.ZodType, fieldPath: FieldPath): string[] {
  const def = defOf(schemaAt(schema, fieldPath))
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : []
}

/** The fields worth listing in "allowed here": the `draft` switch is common to every entry. */
function contentKeys(keys: string[], fieldPath: FieldPath): string[] {
  return fieldPath.length ? keys : keys.filter((key) => key !== DRAFT_FIELD)
}

/** A field path as writers read it: "sections[2].items[0].title", or "(file)". */
export function formatPath(fieldPath: FieldPath): string {
  if (!fieldPath.length) return '(file)'
  return fieldPath
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index ? '.' : ''}${String(segment)}`,
    )
    .join('')
}
