// A field path into parsed YAML, as tests/spec-constants.ts writes them: `name`, `name[2]`,
// `name[*]` (every item), `name[key=value]` (the item whose key is value), and `length` last.

const SEGMENT = /^([^[\]]+)(?:\[([^\]]+)\])?$/

/** What `field` names in `data`; undefined where the path leads nowhere. */
export function selectField(data: unknown, field: string): unknown {
  let values: unknown[] = [data]
  let spread = false
  for (const part of field.split('.')) {
    const match = SEGMENT.exec(part)
    if (!match) throw new Error(`"${part}" in "${field}" is no field path segment`)
    const [, name, index] = match
    values = values.map((value) =>
      name === 'length' && Array.isArray(value)
        ? value.length
        : (value as Record<string, unknown> | undefined)?.[name!],
    )
    if (index === undefined) continue
    if (index === '*') {
      values = values.flatMap((value) => (Array.isArray(value) ? value : [undefined]))
      spread = true
      continue
    }
    const [key, wanted] = index.split('=')
    values = values.map((value) =>
      !Array.isArray(value)
        ? undefined
        : wanted === undefined
          ? value[Number(key)]
          : value.find((item) => String((item as Record<string, unknown>)?.[key!]) === wanted),
    )
  }
  return spread ? values : values[0]
}
