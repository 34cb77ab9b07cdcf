// The end-to-end suite's global set-up: it serves whatever dist/ holds, so it refuses a dist/
// built from other sources than these (builder/source-stamp.ts), which would test the old site.
import { changedSince } from '../../builder/source-stamp.ts'
import { distDirOf, distFolderOf } from '../../builder/dist-dir.ts'

export default async function freshBuild(): Promise<void> {
  const folder = distFolderOf(process.env)
  const changed = await changedSince(distDirOf(process.env), process.cwd())
  if (changed === undefined)
    throw new Error(
      `${folder}/ holds no build of these sources (no ${folder}/source-stamp.json): run \`npm run build\` first.`,
    )
  if (changed.length > 0) {
    const named =
      changed.slice(0, 5).join(', ') +
      (changed.length > 5 ? `, and ${changed.length - 5} more` : '')
    throw new Error(
      `${folder}/ was built before ${named} changed, so the tests would check the old site: run \`npm run build\` first.`,
    )
  }
}
