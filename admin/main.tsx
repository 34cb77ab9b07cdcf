// The editing UI's page, /admin/ on `npm run dev` (builder/vite/admin-plugin.ts) and in the built
// site (builder/admin/editor-build.ts): Decap CMS with the form configuration generated from the
// schemas (config.json beside the page), the content check before every save or commit
// (./save-check.ts), a preview drawn with the site's own components and stylesheet, and the
// writer components in the body editor.
import './node-global.ts'
import type { CmsConfig } from 'decap-cms-core'
import { pictureAddressFixes, type FormField, type KeyPath } from './picture-addresses.ts'
import { EntryPreview, saves, siteStyles } from './preview.tsx'
import { editorComponents } from './editor-components.ts'
import { checkEntry } from './save-check.ts'
import { onSessionEnd } from './session-end.ts'
import { sessionNotice } from './session-notice.ts'
import { NOT_CONFIGURED_KEY, SITE_NAME_KEY, type EditorConfigFile } from './config-file.ts'

/** A moment of the first load, as measure/admin-first-load.ts reports it. */
const mark = (name: 'script' | 'config' | 'decap' | 'init') => performance.mark(`editor:${name}`)
mark('script')

// Decap, most of the page's weight (./decap-app.ts), is fetched while the configuration is.
const decap = import('./decap-app.ts')
decap.then(() => mark('decap')).catch(() => undefined)

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
 * entry (./save-check.ts); its sentences refuse the save, shown in the editor's message.
 */
async function checkBeforeSave({ entry }: { entry: ImmutableEntry }): Promise<ImmutableData> {
  let data = entry.get('data') as ImmutableData
  for (const fix of pictureAddressFixes(fieldsOf(String(entry.get('collection'))), data.toJS()))
    data = data.setIn(fix.path, fix.value)
  const media = (entry.get('mediaFiles') as { toJS(): MediaFile[] } | undefined)?.toJS() ?? []
  const problems = await checkEntry({
    collection: String(entry.get('collection')),
    slug: String(entry.get('slug')),
    data: data.toJS(),
    // Pictures uploaded with the entry are checked with it (the cover must exist).
    assets: await Promise.all(
      media
        .filter((file) => file.draft && file.file)
        .map(async (file) => ({ path: file.path, content: await base64(file.file!) })),
    ),
  })
  if (problems.length) throw new Error(problems.join('\n'))
  // Decap saves what the hook returns: the fields as checked.
  return data
}

const configFile = (await (
  await fetch(`${import.meta.env.BASE_URL}admin/config.json`)
).json()) as EditorConfigFile
mark('config')
const {
  [NOT_CONFIGURED_KEY]: notConfigured,
  [SITE_NAME_KEY]: siteName,
  ...decapConfig
} = configFile
// The page's heading (admin/index.html) and title name the site; Decap's sign-in shows its logo.
const heading = document.getElementById('editor-heading')!
if (siteName) heading.textContent = document.title = `${siteName}: content editor`
const config = decapConfig as unknown as CmsConfig & {
  collections: { name: string; fields?: FormField[]; files?: { fields: FormField[] }[] }[]
}
// Decap believes only sign-in messages from base_url's origin, and they come from this site's
// own page (admin/callback.html): unless the configuration names another exchange, it is this
// page's origin, whatever address the site is served on (builder/admin/backend-env.ts).
if (config.backend.name === 'github' && !config.backend.base_url)
  config.backend.base_url = location.origin

/** The form's fields of a collection (a single-file collection's are its file's). */
function fieldsOf(name: string): FormField[] {
  const collection = config.collections.find((candidate) => candidate.name === name)
  return collection?.fields ?? collection?.files?.[0]?.fields ?? []
}

if (notConfigured) showNotConfigured(notConfigured)
else {
  const { default: CMS, signedIn, signInAgain, resetFailedFirstSaves } = await decap
  for (const component of editorComponents) CMS.registerEditorComponent(component)
  CMS.registerPreviewStyle(siteStyles)
  for (const collection of config.collections)
    CMS.registerPreviewTemplate(collection.name, EntryPreview)
  CMS.registerEventListener({ name: 'preSave', handler: checkBeforeSave })
  CMS.registerEventListener({
    name: 'postSave',
    handler: () => void saves.dispatchEvent(new Event('saved')),
  })
  mark('init')
  CMS.init({ config })
  resetFailedFirstSaves()
  // A sign-in that ends mid-edit (GitHub's 401) is said, with the one-click sign-in again.
  if (config.backend.name === 'github') {
    const { backend } = config
    const notice = sessionNotice(() => signInAgain(backend))
    onSessionEnd(backend.api_root ?? 'https://api.github.com', signedIn, () => notice.show())
  }
}

/** A build without the GitHub settings: say so, instead of a sign-in that cannot work. */
function showNotConfigured(why: string) {
  heading.textContent = 'The editor is not configured'
  heading.removeAttribute('style')
  const reason = document.createElement('p')
  reason.textContent = why
  heading.after(reason)
}
