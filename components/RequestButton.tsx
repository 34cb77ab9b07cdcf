import { Mail } from 'lucide-react'
import { RequestOpenButton } from './request/RequestOpenButton.tsx'
import { useSite } from './site-context.tsx'
import { buttonStyles } from './ui/button-styles.ts'

export interface RequestButtonProps {
  kind: 'guide' | 'scorecard'
  id: string
  title: string
  label: string
  /** The page's request dialog (./request/PageRequestDialog.tsx), which the button opens for its item. */
  dialogId: string
}

/** The first line of a request, as §7 composes it: "Guide Request: {title}". */
const requestSubject = (kind: RequestButtonProps['kind'], title: string) =>
  `${kind === 'guide' ? 'Guide' : 'Scorecard'} Request: ${title}`

/**
 * "Request Guide" / "Request Scorecard": a button opening the page's request dialog for this
 * item, and without JavaScript an e-mail link with the request as its subject.
 */
export function RequestButton({ kind, id, title, label, dialogId }: RequestButtonProps) {
  const { email } = useSite()
  const href = `mailto:${email}?subject=${encodeURIComponent(requestSubject(kind, title))}`
  return (
    <>
      <RequestOpenButton dialogId={dialogId} title={title} label={label} />
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
