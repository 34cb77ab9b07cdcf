// Pagefind's excerpt is HTML: page text (escaped) with the matched words in <mark>. It is read
// with the browser's parser and rebuilt as React elements, so only text and <mark> ever render.
import type { ReactNode } from 'react'

export function Excerpt({ html }: { html: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body
  const parts: ReactNode[] = []
  body.childNodes.forEach((node, index) => {
    const text = node.textContent ?? ''
    parts.push(
      node.nodeName === 'MARK' ? (
        <mark key={index} className="rounded-sm bg-brand-100 px-0.5 font-semibold text-ink">
          {text}
        </mark>
      ) : (
        text
      ),
    )
  })
  return <>{parts}</>
}
