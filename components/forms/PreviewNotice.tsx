// A form's words in a preview build (site/preview-build.ts): a line under it saying that it sends
// nothing, and the toast after a submit. A normal build's pages carry none of them.
import type { EntryData } from '../../content/schema/collections.ts'
import { showToast } from '../ui/toast.ts'

export type PreviewCopy = EntryData<'site'>['preview']

/** The preview's words for a form's props: in a preview build only. */
export const previewCopy = (site: EntryData<'site'>): PreviewCopy | undefined =>
  __SITE_PREVIEW__ ? site.preview : undefined

export function PreviewNotice({ copy }: { copy: PreviewCopy | undefined }) {
  if (!copy) return null
  return <p className="text-sm font-medium text-muted">{copy.notice}</p>
}

/** After a submit the preview's stub answered: nothing was sent, and the visitor is told so. */
export function showPreviewToast(copy: PreviewCopy | undefined) {
  if (copy) void showToast({ title: copy.title, description: copy.description })
}
