// A start-up failure of the leads database that an operator fixes: its message is one plain
// sentence saying which folder, what is wrong and what to do, and it carries no secret (no lock
// contents, no token), so a server prints the message alone and exits non-zero.
import path from 'node:path'

export class DataFolderError extends Error {
  override name = 'DataFolderError'
}

export const isDataFolderError = (error: unknown): error is DataFolderError =>
  error instanceof DataFolderError

// PGlite's file system (Emscripten's) throws an ErrnoError with Emscripten's own numbers.
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  29: 'EIO',
  51: 'ENOSPC',
  63: 'EPERM',
  69: 'EROFS',
}

function errorCodeOf(error: unknown): string | undefined {
  const { code, name, errno } = (error ?? {}) as { code?: unknown; name?: unknown; errno?: unknown }
  if (typeof code === 'string') return code
  if (name === 'ErrnoError' && typeof errno === 'number') return EMSCRIPTEN_ERRNO[errno]
  return undefined
}

/**
 * The operator's sentence for a file-system error met while opening or writing `dataDir`, or
 * null when the error is not one an operator fixes on the disk (a bug, a damaged database).
 */
export function describeDiskError(dataDir: string, error: unknown): string | null {
  const code = errorCodeOf(error)
  const file = (error as NodeJS.ErrnoException | null)?.path
  const where = file ? ` (${code} on ${file})` : ` (${code})`
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `The disk holding the leads database ${dataDir} is full${where}: free space on it, then start again.`
    case 'EROFS':
    case 'EACCES':
    case 'EPERM':
      return `The leads database ${dataDir} cannot be written${where}: make ${path.dirname(dataDir)} writable for this user (or not read-only), or set LEADS_DATA_DIR to a writable folder.`
    case 'EIO':
      return `The disk holding the leads database ${dataDir} reports an input/output error${where}: check the disk, then restore the latest backup into a fresh folder with \`npm run leads -- --restore FILE\`.`
    default:
      return null
  }
}

/** The error to throw for `error` met on `dataDir`: a DataFolderError when an operator fixes it. */
export function asDataFolderError(dataDir: string, error: unknown): unknown {
  if (isDataFolderError(error)) return error
  const sentence = describeDiskError(dataDir, error)
  return sentence ? new DataFolderError(sentence, { cause: error }) : error
}
