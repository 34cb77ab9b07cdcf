import { Mail } from 'lucide-react'
import { useSite } from './site-context.tsx'
import { buttonStyles } from './ui/button-styles.ts'

export interface RequestButtonProps {
  kind: 'guide' | 'scorecard'
  id: string
  title: string
  label: string
}

/** The first line of a request, as §7 composes it: "Guide Request: {title}". */
export const requestSubject = (kind: RequestButtonProps['kind'], title: string) =>
  `${kind === 'guide' ? 'Guide' : 'Scorecard'} Request: ${title}`

/**
 * "Request Guide" / "Request Scorecard". Without JavaScript it is an e-mail link with the request
 * as its subject; the request dialog island upgrades it (data-request-* say what was picked).
 */
export function RequestButton({ kind, id, title, label }: RequestButtonProps) {
  const { email } = useSite()
  const href = `mailto:${email}?subject=${encodeURIComponent(requestSubject(kind, title))}`
  return (
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
  )
}
