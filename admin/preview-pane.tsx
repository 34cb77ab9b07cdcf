// The preview pane's drawing, loaded on the pane's first opening (it brings the site's components
// and a Markdown parser, which the editor's list and login never need): the entry as typed, drawn
// by its collection's template (./preview-templates.tsx) inside the site's words, and shown in a
// sandboxed frame of its own (./preview-sandbox.tsx), out of reach of the editor's token.
import { useEffect, useReducer, useState, type ReactNode } from 'react'
import type { CollectionName } from '../content/schema/collections.ts'
import type { BodyPictures } from '../components/mdx/body-components.tsx'
import { SiteProvider } from '../components/site-context.tsx'
import type { ResponsiveImage } from '../site/content.ts'
import { pictureAddressFixes, type FormField, type KeyPath } from './picture-addresses.ts'
import { checkEntry, previewContent, type FormEntry, type PreviewEntry } from './preview-entries.ts'
import { previewNeeds, previewTemplates, type PreviewInput } from './preview-templates.tsx'
import { SandboxedDrawing } from './preview-sandbox.tsx'

export type LoadedEntries = ReadonlyMap<CollectionName, readonly PreviewEntry[]>

/**
 * The entry drawn as its page draws it, from the form's values and the other entries loaded;
 * the problems that keep it from being drawn, if its values do not pass its schema.
 */
export function drawPreview(
  collection: CollectionName,
  form: FormEntry,
  loaded: LoadedEntries,
  pictures: BodyPictures,
): { drawing: ReactNode; problems: string[] } {
  const checked = checkEntry(collection, form)
  if (!checked.ok) return { drawing: null, problems: checked.problems }
  const content = previewContent(loaded, { collection, entry: checked.entry })
  const site = content.getEntry('site', 'site').data
  const draw = previewTemplates[collection] as (input: PreviewInput<CollectionName>) => ReactNode
  return {
    drawing: (
      <SiteProvider site={site}>
        {draw({ entry: checked.entry, content, site, pictures })}
      </SiteProvider>
    ),
    problems: [],
  }
}

/** An entry as Decap's getCollection gives it. */
interface LoadedEntry {
  get(key: 'slug'): string
  get(key: 'data'): Record<string, unknown> | { toJS(): Record<string, unknown> }
}

export interface PreviewPaneProps {
  collection: CollectionName
  /** The form's values, as typed. */
  form: FormEntry
  /** The form's fields, to find its picture fields. */
  fields: FormField[]
  /** Decap's getCollection: every entry of a collection, or one, from the repository. */
  getCollection: (name: string, slug?: string) => Promise<LoadedEntry[] | LoadedEntry>
  /** Decap's getAsset: a picture's address as saved, or as just uploaded. */
  getAsset: (path: string) => { toString(): string }
}

/** Loads what the entry's template needs from the repository, then draws the entry as typed. */
export default function PreviewPane(props: PreviewPaneProps) {
  const loaded = useLoaded(props.collection, props.getCollection)
  const pictures = usePictures(props.getAsset)
  // The last values that passed, drawn while the writer is mid-way through a change.
  const [lastDrawable, setLastDrawable] = useState<{ key: string; form: FormEntry }>()
  if (!loaded) return <p>Loading the entries this page shows…</p>
  let data = props.form.data
  for (const fix of pictureAddressFixes(props.fields, data)) data = setIn(data, fix.path, fix.value)
  const form = { ...props.form, data }
  const key = JSON.stringify(form)
  const current = drawPreview(props.collection, form, loaded, pictures)
  if (!current.problems.length && lastDrawable?.key !== key) setLastDrawable({ key, form })
  const shown = current.problems.length
    ? lastDrawable && drawPreview(props.collection, lastDrawable.form, loaded, pictures).drawing
    : current.drawing
  return (
    <>
      {current.problems.length > 0 && <Problems problems={current.problems} />}
      <SandboxedDrawing drawing={shown} />
    </>
  )
}

function useLoaded(collection: CollectionName, getCollection: PreviewPaneProps['getCollection']) {
  const [loaded, setLoaded] = useState<LoadedEntries>()
  useEffect(() => {
    let current = true
    const names: CollectionName[] = ['site', ...previewNeeds[collection]]
    void Promise.all(
      names.map(async (name) => {
        const answer = await (name === 'site' ? getCollection('site', 'site') : getCollection(name))
        const entries = (Array.isArray(answer) ? answer : [answer]).flatMap((entry) => {
          const data = entry.get('data')
          const checked = checkEntry(name, {
            slug: entry.get('slug'),
            data: 'toJS' in data && typeof data.toJS === 'function' ? data.toJS() : data,
          })
          // A saved entry that no longer passes is left out; its own preview says why.
          return checked.ok ? [checked.entry] : []
        })
        return [name, entries] as const
      }),
    ).then((pairs) => current && setLoaded(new Map(pairs)))
    return () => {
      current = false
    }
  }, [collection, getCollection])
  return loaded
}

/** Sizes of the pictures drawn, by address, found when each has loaded. */
const pictureSizes = new Map<string, { width: number; height: number }>()

/**
 * Pictures as the preview shows them: one file, at the size it has, where the build makes
 * AVIF and WebP variants for each width.
 */
function usePictures(getAsset: PreviewPaneProps['getAsset']): BodyPictures {
  const [, redraw] = useReducer((count: number) => count + 1, 0)
  return (src): ResponsiveImage => {
    const url = getAsset(src).toString()
    const size = pictureSizes.get(url)
    if (!size && typeof Image !== 'undefined') {
      const probe = new Image()
      probe.onload = () => {
        pictureSizes.set(url, { width: probe.naturalWidth, height: probe.naturalHeight })
        redraw()
      }
      probe.src = url
    }
    // Until it has loaded: a 16:9 box, the shape of most covers.
    const { width, height } = size ?? { width: 1600, height: 900 }
    return { width, height, src: url, srcset: { avif: url, webp: url } }
  }
}

function setIn(data: Record<string, unknown>, path: KeyPath, value: unknown) {
  const copy = structuredClone(data)
  let at: Record<string | number, unknown> = copy
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>
  at[path.at(-1)!] = value
  return copy
}

/** What keeps the values as typed from being drawn: shown above the last drawing that passed. */
function Problems({ problems }: { problems: string[] }) {
  return (
    <div role="status" style={{ padding: '1rem', background: '#fef2f2', color: '#7f1d1d' }}>
      <p>The preview shows the last values that could be drawn; these cannot be yet:</p>
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  )
}
