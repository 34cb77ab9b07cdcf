// Cards drawn by earlier builds, kept outside dist/ (which every build empties), keyed by a hash
// of everything that decides the picture: the words, the template version and the fonts.
import path from 'node:path'
import { CACHE_ROOT, CACHES, fileCache, hashOf } from '../../cache.ts'
import type { CardContent } from './card-template.ts'

export const DEFAULT_CACHE_DIR = path.join(CACHE_ROOT, CACHES.socialCards)

/** The key of one card: the same words drawn by the same template and fonts give the same PNG. */
export function cardKey(content: CardContent, drawingVersion: string): string {
  const words = [content.siteName, content.host, content.title, content.subtitle]
  const byline = [content.author, content.date]
  return hashOf(JSON.stringify({ drawingVersion, words, byline }))
}

export const cardCache = (dir: string) => fileCache(dir, '.png')
