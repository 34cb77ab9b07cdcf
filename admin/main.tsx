// The editing UI's page (/admin on `npm run dev`, build/vite/admin-plugin.ts): Decap CMS with the
// form configuration the dev server generates from the schemas, the content check before every
// save or commit, a preview drawn with the site's own components and the writer components in
// the body editor.
import CMS from 'decap-cms-app'
import type { CmsConfig } from 'decap-cms-core'
import { pictureAddressFixes, type FormField, type KeyPath } from './picture-addresses.ts'
import { EntryPreview, saves, siteStyles } from './preview.tsx'
import { editorComponents } from './editor-components.ts'

const API = '/admin/api'

interface CheckAnswer {
  file: string
  problems: string[]
}

/** The entry as Decap hands it to its hooks: an Immutable.js map. */
interface ImmutableEntry {
  get(key: string): unknown
}

/** An entry's fields as Immutable.js holds them. */
interface ImmutableData {
  toJS(): Record<string, unknown>
  setIn(path: KeyPath, value: unknown): ImmutableData
}

/** A picture uploaded in the form, not yet saved. */
interface MediaFile {
  path: string
  draft?: boolean
  file?: Blob
}

async function base64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * Before Decap saves (local mode) or commits (GitHub mode), the content check runs on the whole
 * entry; its sentences refuse the save, shown in the editor's message. On the dev server, the
 * server checks it among the real files (and its local mode checks again before it writes);
 * where none answers (the built site's /admin/), the same check runs in this page
 * (./content-check.ts), loaded only now.
 */
async function checkBeforeSave({ entry }: { entry: ImmutableEntry }): Promise<ImmutableData> {
  let data = entry.get('data') as ImmutableData
  for (const fix of pictureAddressFixes(fieldsOf(String(entry.get('collection'))), data.toJS()))
    data = data.setIn(fix.path, fix.value)
  const media = (entry.get('mediaFiles') as { toJS(): MediaFile[] } | undefined)?.toJS() ?? []
  const toCheck = {
    collection: String(entry.get('collection')),
    slug: entry.get('slug') as string | undefined,
    data: data.toJS(),
    // Pictures uploaded with the entry are checked with it (the cover must exist).
    assets: await Promise.all(
      media
        .filter((file) => file.draft && file.file)
        .map(async (file) => ({ path: file.path, content: await base64(file.file!) })),
    ),
  }
  const problems = import.meta.env.DEV
    ? await checkOnDevServer(toCheck)
    : await (await import('./content-check.ts')).checkEntry(toCheck)
  if (problems.length) throw new Error(problems.join('\n'))
  // Decap saves what the hook returns: the fields as checked.
  return data
}

async function checkOnDevServer(toCheck: object): Promise<string[]> {
  const response = await fetch(`${API}/check`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(toCheck),
  })
  if (!response.ok) throw new Error(`the content check could not run (HTTP ${response.status})`)
  return ((await response.json()) as CheckAnswer).problems
}

const config = (await (await fetch('/admin/config.json')).json()) as CmsConfig & {
  collections: { name: string; fields?: FormField[]; files?: { fields: FormField[] }[] }[]
}

/** The form's fields of a collection (a single-file collection's are its file's). */
function fieldsOf(name: string): FormField[] {
  const collection = config.collections.find((candidate) => candidate.name === name)
  return collection?.fields ?? collection?.files?.[0]?.fields ?? []
}

for (const component of editorComponents) CMS.registerEditorComponent(component)
CMS.registerPreviewStyle(siteStyles)
for (const collection of config.collections)
  CMS.registerPreviewTemplate(collection.name, EntryPreview)
CMS.registerEventListener({ name: 'preSave', handler: checkBeforeSave })
CMS.registerEventListener({
  name: 'postSave',
  handler: () => void saves.dispatchEvent(new Event('saved')),
})
CMS.init({ config })
