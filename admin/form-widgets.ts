// The Decap widgets the editor's forms are made of: those builder/admin/decap-config.ts generates
// and the writer components' forms (./editor-components.ts) use. ./decap-app.ts registers these
// and no other, so Decap's maps, code editor, other backends and 30 locales are not bundled;
// tests/unit/builder/admin/decap-config.test.ts fails if a form uses one missing here.
export const FORM_WIDGETS = [
  'boolean',
  'datetime',
  'image',
  'list',
  'markdown',
  'number',
  'object',
  'select',
  'string',
  'text',
] as const

export type FormWidget = (typeof FORM_WIDGETS)[number]
