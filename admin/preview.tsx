// The preview pane: the entry's own page on the dev server, drawn by the site's components
// with its styles, not a stand-in. Local mode saves straight into content/ and the dev server
// renders the saved file, so the pane loads the page again after every save.
import { useEffect, useState } from 'react'

/** Told by the editor's postSave hook (./main.tsx) that an entry was written. */
export const saves = new EventTarget()

interface PreviewProps {
  entry: { get(key: 'slug'): string | undefined }
  collection: { get(key: 'name'): string }
}

export function EntryPreview({ entry, collection }: PreviewProps) {
  const slug = entry.get('slug') ?? ''
  const name = collection.get('name')
  const [path, setPath] = useState<string>()
  const [version, setVersion] = useState(0)
  useEffect(() => {
    const reload = () => setVersion((previous) => previous + 1)
    saves.addEventListener('saved', reload)
    return () => saves.removeEventListener('saved', reload)
  }, [])
  useEffect(() => {
    // A POST with a JSON body, like every call to the editor's API (build/admin/request-guard.ts).
    void fetch('/admin/api/preview-path', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ collection: name, slug }),
    })
      .then((response) => response.json() as Promise<{ path: string | null }>)
      .then((answer) => setPath(answer.path ?? undefined))
  }, [name, slug, version])
  if (!path) return <p>Save the entry to see it on its page.</p>
  return (
    <iframe
      key={version}
      title={`Preview of ${path}`}
      src={path}
      style={{ border: 0, width: '100%', height: '100vh' }}
    />
  )
}
