// One format for content problems everywhere they are shown: the check command, the build,
// the dev server, and GitHub pull-request annotations.
import type { ContentError } from './check-types.ts'

export function formatError(error: ContentError): string {
  return `${error.file}:${error.line}:${error.column}  ${error.field}  ${error.message}`
}

export function formatReport(errors: readonly ContentError[]): string {
  const files = new Set(errors.map((error) => error.file)).size
  const heading = `${errors.length} content problem${errors.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}:`
  return [heading, ...errors.map(formatError)].join('\n')
}

/** GitHub Actions workflow commands, so each problem shows on the pull request's diff. */
export function formatAnnotations(errors: readonly ContentError[]): string {
  return errors
    .map(
      (error) =>
        `::error file=${escapeProperty(error.file)},line=${error.line},col=${error.column},title=${escapeProperty(`Content: ${error.field}`)}::${escapeData(error.message)}`,
    )
    .join('\n')
}

// https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts
/** A workflow command's message, escaped as the runner reads it (a line break stays in it). */
export function escapeData(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C')
}

export class ContentCheckError extends Error {
  // A field of its own, not a parameter property: Node runs this file as it is (the daily
  // watch, scripts/watch.ts), and its type stripping has no parameter properties.
  readonly errors: readonly ContentError[]
  constructor(errors: readonly ContentError[]) {
    super(formatReport(errors))
    this.errors = errors
    this.name = 'ContentCheckError'
  }
}
