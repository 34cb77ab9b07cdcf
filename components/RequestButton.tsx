import { Mail } from 'lucide-react'
import { Island } from '../renderer/Island.tsx'
import RequestButtonIsland from './request/RequestButton.island.tsx'
import { useSite } from './site-context.tsx'
import { previewCopy } from './forms/PreviewNotice.tsx'
import { buttonStyles } from './ui/button-styles.ts'

export interface RequestButtonProps {
  kind: 'guide' | 'scorecard'
  id: string
  title: string
  label: string
}

/** The first line of a request, as §7 composes it: "Guide Request: {title}". */
const requestSubject = (kind: RequestButtonProps['kind'], title: string) =>
  `${kind === 'guide' ? 'Guide' : 'Scorecard'} Request: ${title}`

/**
 * "Request Guide" / "Request Scorecard": a button opening the request dialog (an island), and
 * without JavaScript an e-mail link with the request as its subject.
 */
export function RequestButton({ kind, id, title, label }: RequestButtonProps) {
  const site = useSite()
  const { email, requests, keptRequests, ui } = site
  const href = `mailto:${email}?subject=${encodeURIComponent(requestSubject(kind, title))}`
  const words = requests[kind]
  return (
    <>
      <Island
        component={RequestButtonIsland}
        hydrate="interaction"
        requiresJs
        props={{
          kind,
          id,
          title,
          label,
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
      {/* Without JavaScript: an e-mail with the request as its subject. */}
      <noscript>
        <a
          href={href}
          data-request-kind={kind}
          data-request-id={id}
          data-request-title={title}
          className={buttonStyles({ size: 'md' })}
        >
          <Mail aria-hidden="true" className="size-4" />
          {label}
          <span className="sr-only">: {title}</span>
        </a>
      </noscript>
    </>
  )
}
