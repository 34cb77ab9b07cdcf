// The preview pane: the entry drawn as typed, with the site's own components (./preview-pane.tsx,
// loaded when the pane first opens) and the site's own stylesheet, the same on the dev server and
// on the live site, where no server renders pages. On the dev server (local mode) a link above it
// opens the entry's saved page there, drawn by the real pipeline (Shiki, responsive pictures).
import { lazy, Suspense, useEffect, useState } from 'react'
import type { CollectionName } from '../content/schema/collections.ts'
// The site's stylesheet, built by the same Tailwind step as the pages' (Vite serves it on the
// dev server and emits it in a build): the preview's frame loads it (CMS.registerPreviewStyle).
import siteStyles from '../renderer/styles.css?url'
import type { FormField } from './picture-addresses.ts'
import type { PreviewPaneProps } from './preview-pane.tsx'

export { siteStyles }

/** Told by the editor's postSave hook (./main.tsx) that an entry was written. */
export const saves = new EventTarget()

const PreviewPane = lazy(() => import('./preview-pane.tsx'))

/** The Immutable.js values Decap hands a preview template, as far as it is read here. */
interface PreviewProps {
  entry: { get(key: 'slug'): string | undefined; get(key: 'data'): { toJS(): object } }
  collection: { get(key: 'name'): string }
  fields: { toJS(): object[] }
  /** Decap's configuration: a plain object in Decap 3 (its types still say Immutable). */
  config?: object
  getCollection: PreviewPaneProps['getCollection']
  getAsset: PreviewPaneProps['getAsset']
}

export function EntryPreview({
  entry,
  collection,
  fields,
  config,
  getCollection,
  getAsset,
}: PreviewProps) {
  const name = collection.get('name') as CollectionName
  const slug = entry.get('slug') ?? ''
  return (
    <>
      {isLocalMode(config) && <SavedPageLink collection={name} slug={slug} />}
      <Suspense fallback={<p>Loading the preview…</p>}>
        <PreviewPane
          collection={name}
          form={{ slug, data: entry.get('data').toJS() as Record<string, unknown> }}
          fields={fields.toJS() as FormField[]}
          getCollection={getCollection}
          getAsset={getAsset}
        />
      </Suspense>
    </>
  )
}

/** Whether the editor saves through the dev server (its proxy backend): the local mode. */
function isLocalMode(config: object | undefined): boolean {
  const backend = (config as { backend?: { name?: string } } | undefined)?.backend
  return backend?.name === 'proxy'
}

/** The entry's page on the dev server, as last saved, in a new tab (the frame's links open one). */
function SavedPageLink({ collection, slug }: { collection: string; slug: string }) {
  const [path, setPath] = useState<string>()
  const [version, setVersion] = useState(0)
  useEffect(() => {
    const saved = () => setVersion((previous) => previous + 1)
    saves.addEventListener('saved', saved)
    return () => saves.removeEventListener('saved', saved)
  }, [])
  useEffect(() => {
    // A POST with a JSON body, like every call to the editor's API (builder/admin/request-guard.ts).
    void fetch('/admin/api/preview-path', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ collection, slug }),
    })
      .then((response) => response.json() as Promise<{ path: string | null }>)
      .then((answer) => setPath(answer.path ?? undefined))
  }, [collection, slug, version])
  if (!path) return null
  return (
    <p style={{ margin: 0, padding: '0.5rem 1rem', fontSize: '0.875rem', background: '#f1f5f9' }}>
      <a href={path}>Open the saved page on the dev server ↗</a>
    </p>
  )
}
