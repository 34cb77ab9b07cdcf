// Cards drawn by earlier builds, kept outside dist/ (which every build empties), keyed by a hash
// of everything that decides the picture: the words, the template version and the fonts.
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { CardContent } from './card-template.ts'

export const DEFAULT_CACHE_DIR = path.join('node_modules', '.cache', 'social-cards')

/** The key of one card: the same words drawn by the same template and fonts give the same PNG. */
export function cardKey(content: CardContent, drawingVersion: string): string {
  const words = [content.siteName, content.host, content.title, content.subtitle]
  const byline = [content.author, content.date]
  return createHash('sha256')
    .update(JSON.stringify({ drawingVersion, words, byline }))
    .digest('hex')
}

export function cardCache(dir: string) {
  const file = (key: string) => path.join(dir, `${key}.png`)
  return {
    /** The cached PNG, or undefined when this card was never drawn. */
    get: (key: string): Promise<Buffer | undefined> =>
      readFile(file(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined
        throw error
      }),
    /** Written under a temporary name first, so a build stopped mid-write leaves no half card. */
    async put(key: string, png: Buffer) {
      await mkdir(dir, { recursive: true })
      const temporary = `${file(key)}.${process.pid}.tmp`
      await writeFile(temporary, png)
      await rename(temporary, file(key))
    },
  }
}
