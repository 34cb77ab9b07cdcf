// Content is read from inside its own folders only: a path from the root ("content/articles/
// images/x.png", "public/x.svg") is read when it stays, with every symbolic link followed, inside
// the top folder it names. A link to a file elsewhere on the machine (a writer's pull request can
// carry one) is not read by the check, the build or the picture pipeline.
import { realpath } from 'node:fs/promises'
import path from 'node:path'

const isInside = (child: string, parent: string) =>
  child === parent || child.startsWith(parent + path.sep)

/**
 * The absolute path of `relative` (from `root`) when it is inside its top folder once links are
 * followed; undefined when it leads out. A path that does not exist is returned as it is: reading
 * it fails on its own.
 */
export async function confinedPath(root: string, relative: string): Promise<string | undefined> {
  const absolute = path.resolve(root, relative)
  const [top = ''] = path.relative(root, absolute).split(path.sep)
  const folder = path.join(root, top)
  if (top === '..' || top === '' || !isInside(absolute, folder)) return undefined
  const real = await realpath(absolute).catch(() => undefined)
  if (real === undefined) return absolute
  const realFolder = await realpath(folder).catch(() => folder)
  return isInside(real, realFolder) ? absolute : undefined
}
