/** The rules of what a body may hold, which the check and the compiler's guard apply. */
export const BODY_RULE_SOURCES = [
  'content/schema/body-rules.ts',
  'content/schema/address-rules.ts',
  'content/schema/writer-component-names.ts',
]
