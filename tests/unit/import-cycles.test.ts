// No module imports itself through others, type-only imports included: a circle makes a folder
// read both ways and breaks as soon as one side gains a value import.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { expect, it } from 'vitest'

const config = ts.getParsedCommandLineOfConfigFile(
  'tsconfig.json',
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
    },
  },
)!
const files = config.fileNames.filter((file) => !file.includes('/node_modules/'))

function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
  return importedFiles.flatMap(({ fileName }) => {
    const resolved = ts.resolveModuleName(fileName, file, config.options, ts.sys).resolvedModule
    return resolved && !resolved.isExternalLibraryImport
      ? [path.resolve(resolved.resolvedFileName)]
      : []
  })
}

it('has no import circle', () => {
  const graph = new Map(files.map((file) => [path.resolve(file), importsOf(file)]))
  const circles: string[] = []
  const state = new Map<string, 'open' | 'done'>()
  const visit = (file: string, trail: string[]) => {
    if (state.get(file) === 'done') return
    if (state.get(file) === 'open') {
      const circle = [...trail.slice(trail.indexOf(file)), file]
      circles.push(circle.map((step) => path.relative('.', step)).join(' → '))
      return
    }
    state.set(file, 'open')
    for (const next of graph.get(file) ?? []) visit(next, [...trail, file])
    state.set(file, 'done')
  }
  for (const file of graph.keys()) visit(file, [])
  expect(circles).toEqual([])
})
