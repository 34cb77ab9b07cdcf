// Decap writes a chosen picture's address as path.join(public_folder, file name), and join
// drops the "./" of "./images": the form would save "images/x.png" where the content check (and
// every existing file) has "./images/x.png". Before the check and the save, the preSave hook
// puts the "./" back on every picture field of the entry, found through the form's own fields.

/** The part of a Decap field this walk reads. */
export interface FormField {
  name: string
  widget?: string
  fields?: FormField[]
  field?: FormField
  types?: FormField[]
  typeKey?: string
}

export type KeyPath = (string | number)[]

/** Where the entry's picture addresses lack their "./", and the address each should be. */
export function pictureAddressFixes(
  fields: readonly FormField[],
  data: unknown,
  at: KeyPath = [],
): { path: KeyPath; value: string }[] {
  if (!data || typeof data !== 'object') return []
  const record = data as Record<string, unknown>
  return fields.flatMap((field) => fieldFixes(field, record[field.name], [...at, field.name]))
}

function fieldFixes(field: FormField, value: unknown, at: KeyPath) {
  if (field.widget === 'image')
    return typeof value === 'string' && value.startsWith('images/')
      ? [{ path: at, value: `./${value}` }]
      : []
  if (field.widget === 'object') return pictureAddressFixes(field.fields ?? [], value, at)
  if (field.widget !== 'list' || !Array.isArray(value)) return []
  return value.flatMap((item: unknown, index): { path: KeyPath; value: string }[] => {
    if (field.field) return fieldFixes(field.field, item, [...at, index])
    if (field.types) {
      const kind = (item as Record<string, unknown> | null)?.[field.typeKey ?? 'type']
      const type = field.types.find((option) => option.name === kind)
      return pictureAddressFixes(type?.fields ?? [], item, [...at, index])
    }
    return pictureAddressFixes(field.fields ?? [], item, [...at, index])
  })
}
