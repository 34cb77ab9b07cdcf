// A Request Guide / Request Scorecard button: plain HTML, one per card. The inline loader
// (renderer/page-script.ts) opens the page's one request dialog (./RequestDialog.island.tsx) at
// the first press and tells it which item it is for (DIALOG_SUBJECT_ATTRIBUTE), before any
// script has arrived: a page of seven cards carries one dialog and its form, not seven.
import {
  DIALOG_SUBJECT_ATTRIBUTE,
  OPENS_DIALOG_ATTRIBUTE,
} from '../../renderer/dialog-attributes.ts'
import { buttonStyles } from '../ui/button-styles.ts'

export interface RequestOpenButtonProps {
  /** The request dialog's id. */
  dialogId: string
  /** The item requested, e.g. "System Design Interview Guide". */
  title: string
  /** The button's text, e.g. "Request Guide". */
  label: string
}

export function RequestOpenButton({ dialogId, title, label }: RequestOpenButtonProps) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      {...{ [OPENS_DIALOG_ATTRIBUTE]: dialogId, [DIALOG_SUBJECT_ATTRIBUTE]: title }}
      // Hidden without JavaScript, where the e-mail link beside it takes its place.
      data-requires-js=""
      className={buttonStyles({ size: 'md', className: 'w-full' })}
    >
      {label}
      {/* Seven "Request Guide" buttons on a page: each says which guide to a screen reader. */}
      <span className="sr-only">: {title}</span>
    </button>
  )
}
