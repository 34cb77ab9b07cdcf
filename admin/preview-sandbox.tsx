// Where the preview's drawing is shown: a frame of its own with an opaque origin (`sandbox`
// without `allow-same-origin`, and without `allow-scripts`), never the editor's. Decap draws a
// preview template into an about:srcdoc frame of the editor's own origin, whose scripts could read
// the writer's GitHub token in `localStorage['decap-cms-user']`; the entry's drawing is content,
// so it is turned into HTML here and shown one frame further in, where nothing can reach the
// editor's storage, cookies or window, and no script runs at all (docs/editing-ui.md).
import { useEffect, useState, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import siteStyles from '../renderer/styles.css?url'
import { PREVIEW_FRAME_TITLE } from './preview-frame-title.ts'

/**
 * What the sandbox allows: nothing. No `allow-same-origin` (an opaque origin: no storage of the
 * site's, no access to the editor's window), no `allow-scripts`, no forms, popups or navigation of
 * the editor; the frame's own links may only move the frame itself.
 */
export const PREVIEW_SANDBOX = ''

/**
 * The drawing as a document of its own, wearing the site's stylesheet inline: an opaque origin
 * may not load the editor's files (they are `Cross-Origin-Resource-Policy: same-origin`), and the
 * editor's policy allows inline styles (Emotion's), which the frame inherits.
 */
export function previewDocument(markup: string, stylesheet: string): string {
  const css = stylesheet.replaceAll('</', '<\\/')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head><body>${markup}</body></html>`
}

/**
 * The site's stylesheet's text, fetched once by the editor's page, which may read it. The dev
 * server answers a stylesheet's address fetched by script as a module unless it says `direct`.
 */
let stylesheetText: Promise<string> | undefined
const stylesheetAddress = import.meta.env.DEV
  ? `${siteStyles}${siteStyles.includes('?') ? '&' : '?'}direct`
  : siteStyles
const siteStylesheet = () =>
  (stylesheetText ??= fetch(stylesheetAddress).then((answer) => (answer.ok ? answer.text() : '')))

export function SandboxedDrawing({ drawing }: { drawing: ReactNode }) {
  const [stylesheet, setStylesheet] = useState<string>()
  useEffect(() => {
    let current = true
    void siteStylesheet().then((text) => current && setStylesheet(text))
    return () => {
      current = false
    }
  }, [])
  let markup: string
  try {
    markup = renderToStaticMarkup(drawing)
  } catch (error) {
    // A template that cannot draw the entry (a reference to an entry that does not exist).
    return (
      <p role="status">
        This entry cannot be drawn yet: {error instanceof Error ? error.message : String(error)}
      </p>
    )
  }
  if (stylesheet === undefined) return <p>Loading the preview…</p>
  return (
    <iframe
      title={PREVIEW_FRAME_TITLE}
      sandbox={PREVIEW_SANDBOX}
      srcDoc={previewDocument(markup, stylesheet)}
      style={{ display: 'block', width: '100%', height: '100vh', border: 0 }}
    />
  )
}
