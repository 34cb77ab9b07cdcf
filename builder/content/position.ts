// Where a value sits in a content file: the field that holds it and the line and column a
// writer would edit. Shared by the file reader and the placeholder finder.

export type FieldPath = readonly PropertyKey[]

export interface Position {
  line: number
  column: number
}
