// How the tests run the scripts the daily jobs run on their cut-down install
// (operations/job-dependencies.ts), and what those scripts import.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { existsSync } from 'node:fs'
import { build, type Metafile } from 'esbuild'
import { HOSTS_NODE } from '../../../operations/hosts.ts'
import { JOB_SCRIPTS } from '../../../operations/job-dependencies.ts'

const root = path.resolve(import.meta.dirname, '../../..')

/**
 * The command that runs `script` as its workflow step does: the hosts' Node 24, which strips the
 * TypeScript itself, when hosts/ has it; else this Node with tsx's loader, named by its path so
 * that it loads in a copy whose node_modules holds only the jobs' packages.
 */
export const jobCommand = (script: string): [string, ...string[]] =>
  existsSync(HOSTS_NODE)
    ? [HOSTS_NODE, script]
    : [
        process.execPath,
        '--import',
        pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href,
        script,
      ]

/** Every file JOB_SCRIPTS reach by import, as a bundler finds them (paths from the root). */
export const jobInputs = (): Promise<Metafile['inputs']> => importedBy(JOB_SCRIPTS)

/** Every file `scripts` (paths from the root) reach by import, as a bundler finds them. */
export async function importedBy(scripts: readonly string[]): Promise<Metafile['inputs']> {
  const { metafile } = await build({
    entryPoints: scripts.map((file) => path.join(root, file)),
    outdir: 'unused',
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  return metafile.inputs
}
