// The pictures content shows, made responsive at build time with sharp: each source file in a
// collection's images/ folder becomes AVIF and WebP variants at a few widths (never wider than
// the source), named by a hash of the source and the settings. The variants are kept in
// node_modules/.cache between builds, so an unchanged picture is never encoded twice.
import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { BUILD_OUTPUTS, outputFolder } from '../../site/build-outputs.ts'
import { cacheDir, markUsed } from '../cache.ts'
import { confinedPath } from './confined-path.ts'

/** Where the built site serves the variants. */
export const IMAGES_URL = `/${outputFolder(BUILD_OUTPUTS.images)}`
/** Widths in CSS pixels the variants are made at (1x and 2x of the layouts' columns). */
const WIDTHS = [480, 800, 1200, 1600]
const FORMATS = { avif: { quality: 55, effort: 2 }, webp: { quality: 78, effort: 4 } } as const
/** Bump when the encoding settings change, so cached variants are made again. */
const SETTINGS_VERSION = 1

export type ImageFormat = keyof typeof FORMATS

export interface ResponsiveImage {
  width: number
  height: number
  /** `srcset` per format, smallest first: "/images/x-480.avif 480w, …". */
  srcset: Record<ImageFormat, string>
  /** The widest WebP variant, for the <img> itself and for feeds. */
  src: string
}

export function imageCacheDir(root: string): string {
  return cacheDir(root, 'images')
}

/**
 * Makes (or finds in the cache) the variants of every file, "content/…/images/x.png" relative
 * to `root`. Returns what a page needs to show each one.
 */
export async function buildImages(
  root: string,
  files: Iterable<string>,
): Promise<Map<string, ResponsiveImage>> {
  const cacheDir = imageCacheDir(root)
  await mkdir(cacheDir, { recursive: true })
  const result = new Map<string, ResponsiveImage>()
  for (const file of new Set(files)) {
    // Checked by the content check already; said again here, where sharp would read it.
    const absolute = await confinedPath(root, file)
    if (!absolute)
      throw new Error(
        `${file} leads out of its folder (through ".." or a symbolic link): a picture must be a file of its collection's images/ folder`,
      )
    const source = await readFile(absolute)
    const hash = createHash('sha256')
      .update(source)
      .update(String(SETTINGS_VERSION))
      .digest('hex')
      .slice(0, 10)
    const stem = `${path.basename(file, path.extname(file))}-${hash}`
    const metaFile = path.join(cacheDir, `${stem}.json`)
    const cached = await cachedImage(cacheDir, metaFile)
    if (cached) {
      result.set(file, cached)
      continue
    }
    const { width = 0, height = 0 } = await sharp(source).metadata()
    const widths = [...WIDTHS.filter((candidate) => candidate < width), Math.min(width, 1600)]
    const srcset = {} as Record<ImageFormat, string>
    for (const format of Object.keys(FORMATS) as ImageFormat[]) {
      const entries: string[] = []
      for (const variantWidth of widths) {
        const name = `${stem}-${variantWidth}.${format}`
        const encoded = sharp(source).resize({ width: variantWidth })
        const buffer = await (
          format === 'avif' ? encoded.avif(FORMATS.avif) : encoded.webp(FORMATS.webp)
        ).toBuffer()
        await writeFile(path.join(cacheDir, name), buffer)
        entries.push(`${IMAGES_URL}${name} ${variantWidth}w`)
      }
      srcset[format] = entries.join(', ')
    }
    const widest = Math.min(width, 1600)
    const image: ResponsiveImage = {
      width: widest,
      height: Math.round((height / width) * widest),
      srcset,
      src: `${IMAGES_URL}${stem}-${widest}.webp`,
    }
    await writeFile(metaFile, JSON.stringify(image))
    result.set(file, image)
  }
  return result
}

/**
 * The picture a build made before, with each of its files marked used (build-cache.ts), or
 * undefined when any of them is gone: then it is made again.
 */
async function cachedImage(cacheDir: string, metaFile: string) {
  if (!(await markUsed(metaFile))) return undefined
  const image = JSON.parse(await readFile(metaFile, 'utf8')) as ResponsiveImage
  const files = variantFiles([image]).map((name) => path.join(cacheDir, name))
  const present = await Promise.all(files.map((variant) => markUsed(variant)))
  return present.every(Boolean) ? image : undefined
}

/** The variant files of `images`, to copy into the built site. */
export function variantFiles(images: Iterable<ResponsiveImage>): string[] {
  return [...images].flatMap((image) =>
    Object.values(image.srcset).flatMap((srcset) =>
      srcset.split(', ').map((candidate) => candidate.split(' ')[0]!.slice(IMAGES_URL.length)),
    ),
  )
}
