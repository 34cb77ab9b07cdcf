import { Island } from '../../renderer/Island.tsx'
import RequestDialogIsland from './RequestDialog.island.tsx'
import { useSite } from '../site-context.tsx'
import { previewCopy } from '../forms/PreviewNotice.tsx'

/**
 * The request dialog of a page of guides or scorecards, with the site's copy: one for all the
 * page's Request buttons (../RequestButton.tsx), each of which opens it for its own item. An
 * island started when it opens.
 */
export function PageRequestDialog({ kind, id }: { kind: 'guide' | 'scorecard'; id: string }) {
  const site = useSite()
  const { requests, keptRequests, ui } = site
  const words = requests[kind]
  return (
    <Island
      component={RequestDialogIsland}
      hydrate="interaction"
      props={{
        id,
        kind,
        dialog: {
          title: words.dialogTitle,
          description: requests.description,
          fields: requests.fields,
          submit: requests.submit,
          sending: requests.sending,
          close: ui.close,
        },
        toasts: {
          success: { title: requests.successTitle, description: words.success },
          failure: requests.failure,
          kept: keptRequests.request,
        },
        preview: previewCopy(site),
      }}
    />
  )
}
