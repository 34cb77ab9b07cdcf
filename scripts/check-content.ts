// `npm run check:content`: checks every content file against content/schema/collections.ts and prints
// every problem at once as file:line:col  field  message. Exits 1 when there are problems.
import path from 'node:path'
import { loadContent } from '../builder/content/load.ts'
import { formatAnnotations, formatReport } from '../builder/content/report.ts'
import { collections } from '../content/schema/collections.ts'

const root = path.resolve(process.argv[2] ?? '.')
const result = await loadContent(root, collections, { cache: true })

if (result.errors.length) {
  console.error(formatReport(result.errors))
  if (process.env.GITHUB_ACTIONS === 'true') console.log(formatAnnotations(result.errors))
  process.exit(1)
}
const counts = [...result.entries].map(([name, entries]) => `${name} ${entries.length}`)
console.log(`Content OK: ${result.files.length} files (${counts.join(', ')})`)
// What the daily build will publish, and when: left out of today's build like a draft.
if (result.scheduled.length) {
  console.log(`Scheduled (left out of builds before their day; today is ${result.today}):`)
  for (const { file, publishDate } of result.scheduled) console.log(`  ${publishDate}  ${file}`)
}
