// The inline scripts every page carries (./page-script.ts, ./theme-script.ts) are written to be
// read and sent minified, by esbuild, the minifier Vite uses for the page script itself. Every
// byte of them is in every page: the home page's HTML and headers have to fit in the first round
// trip of a new connection (measure/lib/budgets.ts, firstResponseBytes), and minified they are a
// third smaller. Comments and line breaks in their source are safe for the same reason.
import { transformSync } from 'esbuild'

/** The script as a page carries it: one line of ES2017, no comments. */
export function inlineScript(source: string): string {
  return transformSync(source, { minify: true, target: 'es2017', charset: 'utf8' }).code.trim()
}
