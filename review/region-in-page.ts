// Runs inside the page being photographed (passed to Playwright's page.evaluate, so it must not
// use anything from its module's scope): finds the element holding a changed sentence, opens the
// accordion or tab hiding it, loads its lazy images, outlines the changed words and returns the
// region to capture, with the text that region shows.

export interface RegionQuery {
  /** The sentence around the change, as the report shows it (whitespace does not matter). */
  sentence: string
  /** The changed words inside it, outlined; empty outlines the whole region. */
  changed: string
  /** Pixels of height the region grows to, from the element holding the change, for context. */
  contextHeight: number
  /** Taller regions are cut to a window this high, from just above the changed element. */
  maxHeight: number
}

export interface RegionFound {
  /** Where to capture, in page coordinates. */
  clip: { x: number; y: number; width: number; height: number }
  /** The text inside the captured window, one text node a line. */
  text: string
  /** Whether the region shows a picture (then both colour schemes are worth a look). */
  hasImage: boolean
  /** What was opened to show the change: "details", "tab". */
  opened: string[]
}

export async function findRegion(query: RegionQuery): Promise<RegionFound | { missing: string }> {
  const squash = (text: string) => text.replace(/\s+/g, '')
  const root = document.querySelector('main') ?? document.body
  const deepestHolding = (needle: string): Element | undefined => {
    if (!needle || !squash(root.textContent ?? '').includes(needle)) return undefined
    let holder: Element = root
    for (;;) {
      const child = [...holder.children].find((element) =>
        squash(element.textContent ?? '').includes(needle),
      )
      if (!child) return holder
      holder = child
    }
  }
  const holder =
    deepestHolding(squash(query.sentence)) ??
    deepestHolding(squash(query.changed)) ??
    (!query.sentence && !query.changed ? root.querySelector('h1') : undefined)
  if (!holder) return { missing: `no element holds "${query.sentence || query.changed}"` }

  // Open what hides the change: a closed <details>, an unselected tab's panel.
  const opened: string[] = []
  for (let node: Element | null = holder; node; node = node.parentElement) {
    if (node instanceof HTMLDetailsElement && !node.open) {
      node.open = true
      opened.push('details')
    }
    if (node.getAttribute('role') === 'tabpanel' && node.id) {
      const tab = document.querySelector<HTMLElement>(`[role="tab"][aria-controls="${node.id}"]`)
      if (tab && tab.getAttribute('aria-selected') !== 'true') {
        tab.click()
        opened.push('tab')
      }
    }
  }

  // Grow from the holder to a region with some context, within the main content; a region
  // taller than maxHeight is cut to a window around the holder below.
  let region: Element = holder
  const height = (element: Element) => element.getBoundingClientRect().height
  while (
    height(region) < query.contextHeight &&
    region.parentElement &&
    region.parentElement !== document.body &&
    region !== root
  )
    region = region.parentElement

  for (const image of region.querySelectorAll('img')) image.loading = 'eager'
  await Promise.all(
    [...region.querySelectorAll('img')].map((image) => image.decode().catch(() => undefined)),
  )

  // Outline the changed words: the text nodes' ranges, found with whitespace ignored.
  const boxes: DOMRect[] = []
  const needle = squash(query.changed)
  if (needle) {
    const walker = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT)
    const spots: { node: Text; offset: number }[] = []
    let flat = ''
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      for (let offset = 0; offset < text.length; offset++)
        if (!/\s/.test(text[offset]!)) {
          spots.push({ node: node as Text, offset })
          flat += text[offset]
        }
    }
    // The change inside its sentence, when the sentence is there; else its first occurrence.
    const sentenceAt = flat.indexOf(squash(query.sentence))
    let at = sentenceAt >= 0 ? flat.indexOf(needle, sentenceAt) : -1
    if (at < 0) at = flat.indexOf(needle)
    if (at >= 0) {
      const range = document.createRange()
      const first = spots[at]!
      const last = spots[at + needle.length - 1]!
      range.setStart(first.node, first.offset)
      range.setEnd(last.node, last.offset + 1)
      boxes.push(...[...range.getClientRects()].filter((box) => box.width && box.height))
    }
  }
  if (!boxes.length) boxes.push(holder.getBoundingClientRect())
  for (const box of boxes) {
    const outline = document.createElement('div')
    outline.setAttribute('data-change-outline', '')
    Object.assign(outline.style, {
      position: 'absolute',
      left: `${box.left + scrollX - 3}px`,
      top: `${box.top + scrollY - 2}px`,
      width: `${box.width + 6}px`,
      height: `${box.height + 4}px`,
      outline: '3px solid #e8590c',
      borderRadius: '3px',
      background: 'rgba(232, 89, 12, 0.12)',
      pointerEvents: 'none',
      zIndex: '2147483647',
    })
    document.body.append(outline)
  }

  const rect = region.getBoundingClientRect()
  const held = holder.getBoundingClientRect()
  const padding = 16
  const top = rect.height > query.maxHeight ? Math.max(rect.top, held.top - padding * 4) : rect.top
  const x = Math.max(0, rect.left + scrollX - padding)
  const y = Math.max(0, top + scrollY - padding)
  const pageWidth = document.documentElement.scrollWidth
  const clip = {
    x,
    y,
    width: Math.min(pageWidth - x, rect.width + 2 * padding),
    height: Math.min(rect.bottom - top, query.maxHeight) + 2 * padding,
  }
  // The words inside the captured window, as laid out: what the image shows.
  const shown: string[] = []
  const texts = document.createTreeWalker(region, NodeFilter.SHOW_TEXT)
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    if (!node.textContent?.trim()) continue
    const range = document.createRange()
    range.selectNodeContents(node)
    const box = range.getBoundingClientRect()
    const boxTop = box.top + scrollY
    if (box.width && box.height && boxTop >= clip.y && boxTop + box.height <= clip.y + clip.height)
      shown.push(node.textContent.trim())
  }
  return {
    clip,
    text: shown.join('\n'),
    hasImage: !!region.querySelector('img, picture, video'),
    opened,
  }
}
