// The social cards: real 1200×630 PNGs, one per route at the address the head gives, drawn again
// only when what they show changes.
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'
import type { RouteEntry } from '../../../../../site/routes.ts'
import { socialCardPath } from '../../../../../site/social-card-path.ts'
import { cardKey } from '../../../../../builder/outputs/social-card/card-cache.ts'
import {
  cardContent,
  DRAWING_VERSION,
  readableDate,
} from '../../../../../builder/outputs/social-card/card-content.ts'
import { drawCard } from '../../../../../builder/outputs/social-card/draw-card.ts'
import { startDrawThread } from '../../../../../builder/outputs/social-card/draw-thread.ts'
import { writeSocialCards } from '../../../../../builder/outputs/social-card/write-social-cards.ts'
import { scratchDir } from '../../../helpers/scratch-dir.ts'
import { timeLimit } from '../../../../harness/time-limit.ts'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const site = { siteName: 'Panelwise', host: 'panelwise.dev' }

function expectCardPng(png: Buffer) {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE), 'PNG signature').toBe(true)
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR')
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
}

const scratch = scratchDir('social-cards-')

describe('one card', () => {
  it(
    'is a 1200×630 PNG, with or without the article byline',
    async () => {
      expectCardPng(
        await drawCard(cardContent({ title: 'Process', subtitle: 'How it works.' }, site)),
      )
      const article = {
        title: 'Scoring a system design round',
        author: 'Maria Chen',
        date: '2026-03-03',
      }
      expectCardPng(await drawCard(cardContent(article, site)))
    },
    timeLimit(30_000),
  )

  it(
    'paints the large disc as brand600 at 55 % over the brand700 background',
    async () => {
      // The disc is drawn in the blended colour, not as a translucent layer (card-template.ts).
      const png = await drawCard(cardContent({ title: 'Process' }, site))
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
      const at = (x: number, y: number) => {
        const offset = (y * info.width + x) * info.channels
        return [...data.subarray(offset, offset + 3)]
      }
      const over = (top: number[], bottom: number[], opacity: number) =>
        top.map((value, index) => Math.round(value * opacity + bottom[index]! * (1 - opacity)))
      const brand600 = [0x4f, 0x46, 0xe5]
      const brand700 = [0x43, 0x38, 0xca]
      expect(at(10, 620), 'background').toEqual(brand700)
      expect(at(900, 200), 'large disc only').toEqual(over(brand600, brand700, 0.55))
      expect(at(1080, 90), 'small disc').toEqual(brand600)
    },
    timeLimit(30_000),
  )

  it('shows a date as words and refuses one that is not a real YYYY-MM-DD day', () => {
    expect(readableDate('2026-03-03')).toBe('March 3, 2026')
    expect(() => readableDate('2026-02-30')).toThrow(/"2026-02-30" is not a real day/)
    expect(() => readableDate('3 March 2026')).toThrow(/written YYYY-MM-DD/)
  })

  it('refuses an empty title rather than draw a blank card', () => {
    expect(() => cardContent({ title: '  ' }, site)).toThrow('social card: the title is empty')
  })

  it(
    'draws the same picture for the same words, one card or several at once',
    async () => {
      // The cache hands out a card drawn by an earlier build: drawing must not depend on timing.
      const content = cardContent({ title: 'Startups', subtitle: 'Hiring, simplified.' }, site)
      const other = cardContent({ title: 'Enterprises', subtitle: 'Hiring at scale.' }, site)
      const alone = await drawCard(content)
      const [together, , again] = await Promise.all([
        drawCard(content),
        drawCard(other),
        drawCard(content),
      ])
      expectCardPng(alone)
      expect(together!.equals(alone)).toBe(true)
      expect(again!.equals(alone)).toBe(true)
      expect((await drawCard(other)).equals(alone)).toBe(false)
    },
    timeLimit(30_000),
  )

  it(
    'draws on its own thread the same picture as in this one',
    async () => {
      const content = cardContent({ title: 'Startups', subtitle: 'Hiring, simplified.' }, site)
      const thread = startDrawThread()
      try {
        const [there, here] = await Promise.all([thread.draw(content), drawCard(content)])
        expectCardPng(there)
        expect(there.equals(here)).toBe(true)
      } finally {
        await thread.close()
      }
      await expect(thread.draw(content)).rejects.toThrow('the drawing thread was stopped')
    },
    timeLimit(60_000),
  )
})

describe('the cache key', () => {
  const base = cardContent({ title: 'A', subtitle: 'B', author: 'C', date: '2026-01-02' }, site)
  const key = cardKey(base, DRAWING_VERSION)
  it.each([
    ['title', { title: 'A2' }],
    ['subtitle', { subtitle: 'B2' }],
    ['author', { author: 'C2' }],
    ['date', { date: 'January 3, 2026' }],
    ['site name', { siteName: 'Other' }],
  ])('changes with the %s', (_, change) => {
    expect(cardKey({ ...base, ...change }, DRAWING_VERSION)).not.toBe(key)
  })
  it('changes with the template or fonts (the drawing version)', () => {
    expect(cardKey(base, 'another-version')).not.toBe(key)
  })
  it('keeps apart words that would run together', () => {
    const a = cardContent({ title: 'ab', subtitle: 'c' }, site)
    const b = cardContent({ title: 'a', subtitle: 'bc' }, site)
    expect(cardKey(a, DRAWING_VERSION)).not.toBe(cardKey(b, DRAWING_VERSION))
  })
})

describe('the build step', () => {
  const route = (pathName: string, title: string, card: RouteEntry['card']): RouteEntry => ({
    path: pathName,
    collection: 'pages',
    id: pathName.slice(1) || 'home',
    title,
    card,
  })
  const routes = [
    route('/', 'Home', { subtitle: 'Technical expertise, verified.' }),
    route('/resources/guides', 'Technical guides', { subtitle: 'Guides for hiring teams.' }),
    route('/process', 'Process', { subtitle: 'Four steps.', author: 'Maria', date: '2026-01-02' }),
  ]

  it(
    'draws each route once, reuses unchanged cards and redraws changed ones',
    async () => {
      const cacheDir = path.join(scratch(), 'cache')
      const first = path.join(scratch(), 'first')
      expect(await writeSocialCards(first, routes, site, { cacheDir })).toMatchObject({
        drawn: 3,
        reused: 0,
      })
      for (const { path: pagePath } of routes)
        expectCardPng(await readFile(path.join(first, socialCardPath(pagePath))))

      const second = path.join(scratch(), 'second')
      expect(await writeSocialCards(second, routes, site, { cacheDir })).toMatchObject({
        drawn: 0,
        reused: 3,
      })
      const home = socialCardPath('/')
      expect(
        (await readFile(path.join(second, home))).equals(await readFile(path.join(first, home))),
      ).toBe(true)

      const changed = [
        { ...routes[0]!, title: 'Home, renamed' },
        routes[1]!,
        { ...routes[2]!, card: { ...routes[2]!.card, date: '2026-01-03' } },
      ]
      const third = path.join(scratch(), 'third')
      expect(await writeSocialCards(third, changed, site, { cacheDir })).toMatchObject({
        drawn: 2,
        reused: 1,
      })
      expect(
        (await readFile(path.join(third, home))).equals(await readFile(path.join(first, home))),
      ).toBe(false)
    },
    timeLimit(60_000),
  )

  it(
    'draws into the cache at once, and places the cards once their folder is ready',
    async () => {
      const cacheDir = path.join(scratch(), 'early-cache')
      const clientDir = path.join(scratch(), 'early')
      let ready!: () => void
      const clientDirReady = new Promise<void>((resolve) => (ready = resolve))
      const writing = writeSocialCards(clientDir, routes, site, { cacheDir, clientDirReady })
      await vi.waitFor(
        async () =>
          expect((await readdir(cacheDir)).filter((file) => file.endsWith('.png'))).toHaveLength(3),
        { timeout: 30_000, interval: 50 },
      )
      // The client build empties its folder when it writes: nothing may be there before.
      expect(existsSync(clientDir)).toBe(false)
      ready()
      expect(await writing).toMatchObject({ drawn: 3, reused: 0 })
      for (const { path: pagePath } of routes)
        expectCardPng(await readFile(path.join(clientDir, socialCardPath(pagePath))))
    },
    timeLimit(60_000),
  )

  it(
    'draws once for routes whose cards show the same words, and places it for each',
    async () => {
      const twins = [
        route('/a', 'Same title', { subtitle: 'Same words.' }),
        route('/b', 'Same title', { subtitle: 'Same words.' }),
      ]
      const clientDir = path.join(scratch(), 'twins')
      expect(
        await writeSocialCards(clientDir, twins, site, { cacheDir: path.join(scratch(), 'c3') }),
      ).toMatchObject({ drawn: 1, reused: 0 })
      for (const { path: pagePath } of twins)
        expectCardPng(await readFile(path.join(clientDir, socialCardPath(pagePath))))
    },
    timeLimit(60_000),
  )

  it('names the route whose card cannot be drawn', async () => {
    const bad = [route('/about', 'About', { subtitle: 'Us', date: '2026-13-01' })]
    await expect(
      writeSocialCards(path.join(scratch(), 'bad'), bad, site, {
        cacheDir: path.join(scratch(), 'c2'),
      }),
    ).rejects.toThrow('/about: social card: date "2026-13-01" is not a real day')
  })
})

describe('card addresses', () => {
  it('follow the page path', () => {
    expect(socialCardPath('/')).toBe('/social-cards/index.png')
    expect(socialCardPath('/services/system-design')).toBe(
      '/social-cards/services/system-design.png',
    )
  })
  it('refuse a path that is not a page path', () => {
    expect(() => socialCardPath('/../etc')).toThrow(/is not a page path/)
  })
})
