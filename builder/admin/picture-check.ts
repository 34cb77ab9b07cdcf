// What the editing UI may write as a picture: only the kinds the image pipeline makes
// responsive (../content/images.ts; the `image` field of content/schema/articles.ts names the
// same ones), recognised by their bytes through sharp, the pipeline's own reader, and named for
// what they are. A file's name and the type the browser declared are the sender's word; an SVG
// in content/ would be served by the dev server as a page of its own, scripts and all.
import path from 'node:path'
import sharp from 'sharp'

/** By file extension, the format sharp must find in the bytes. */
export const PICTURE_FORMATS: Readonly<Record<string, string>> = {
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.webp': 'webp',
}

const ACCEPTED =
  'only PNG, JPEG or WebP pictures are accepted (what the site’s image pipeline reads)'

/** What is wrong with saving `bytes` as the picture `repoPath`, or undefined if nothing. */
export async function pictureProblem(
  repoPath: string,
  bytes: Uint8Array,
): Promise<string | undefined> {
  const extension = path.extname(repoPath).toLowerCase()
  const format = await sharp(bytes)
    .metadata()
    .then((metadata) => metadata.format as string)
    .catch(() => undefined)
  // sharp may not parse a hand-made SVG at all: look into any file it does not read as raster.
  const active = format === undefined || format === 'svg' ? svgActiveContent(bytes) : undefined
  const found = active
    ? `an SVG drawing holding ${active}, which would run in the editor’s page`
    : format === 'svg'
      ? 'an SVG drawing'
      : format
        ? `a ${format.toUpperCase()} picture`
        : 'not a picture the image pipeline can read'
  if (format !== undefined && PICTURE_FORMATS[extension] === format) return undefined
  // A real picture under another name (a PNG named .svg) is served by that name's type.
  const rightName = Object.keys(PICTURE_FORMATS).find((name) => PICTURE_FORMATS[name] === format)
  if (rightName)
    return `"${repoPath}" is refused: it is named ${extension || 'without an extension'} but its bytes are ${found}; name it ${rightName}`
  return `"${repoPath}" is refused: its bytes are ${found}, and ${ACCEPTED}`
}

/** In an SVG, the first thing that can run script, quoted; undefined for anything else. */
export function svgActiveContent(bytes: Uint8Array): string | undefined {
  const text = Buffer.from(bytes).toString('utf8')
  if (!/<svg\b/i.test(text)) return undefined
  const found =
    /<script\b/i.exec(text)?.[0] ??
    /<foreignObject\b/i.exec(text)?.[0] ??
    /\son[a-z]+\s*=/i.exec(text)?.[0].trim() ??
    /javascript\s*:/i.exec(text)?.[0]
  return found ? `"${found}"` : undefined
}
