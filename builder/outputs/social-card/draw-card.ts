// Draws one social card with Takumi (Rust, no browser): it lays the template out, sets the text in
// the fonts shipped beside this file, rasterises and encodes the PNG, all off the JavaScript
// thread (on libuv's pool), so cards drawn together use every core.
import { Renderer } from '@takumi-rs/core'
import { SOCIAL_CARD_SIZE } from '../../../site/brand.ts'
import { FONTS } from './card-content.ts'
import { cardTemplate, type CardContent } from './card-template.ts'

let renderer: Promise<Renderer> | undefined

/** One renderer for the process: it parses the fonts once and caches glyphs across cards. */
function cardRenderer(): Promise<Renderer> {
  renderer ??= (async () => {
    const created = new Renderer()
    for (const font of FONTS) {
      const [family] = await created.registerFont({ ...font })
      // Takumi falls back to a font of its own for a family it does not have: a font that
      // does not load must fail the build, not change the cards' typeface.
      const face = family?.faces.find((candidate) => candidate.weight === font.weight)
      if (family?.name !== font.name || !face)
        throw new Error(`social card: the font ${font.name} ${font.weight} did not load`)
    }
    return created
  })()
  return renderer
}

/** The card as a 1200×630 PNG. */
export async function drawCard(content: CardContent): Promise<Buffer> {
  const takumi = await cardRenderer()
  return takumi.render(cardTemplate(content), { ...SOCIAL_CARD_SIZE, format: 'png' })
}
