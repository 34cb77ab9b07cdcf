// Attributes of the site's native dialogs, shared by the HTML that renders them and the inline
// loader (./page-script.ts) that opens them. A <dialog> needs no framework to open: the loader
// answers a press on its opener from the first paint on, before any page script has arrived.

/** On a link or button: the id of the <dialog> a plain press on it opens, as a modal. */
export const OPENS_DIALOG_ATTRIBUTE = 'data-opens-dialog'

/**
 * On an element inside a dialog: while the dialog is open it holds a frame of the opener's
 * link (the booking scheduler), titled by `data-frame-title` and styled by `data-frame-class`.
 * The frame exists only while the dialog is open. `data-loaded` is set on the dialog once the
 * frame's page has spoken (a message from it), `data-failed` while it has not within
 * FRAME_SILENCE_LIMIT_MS: the dialog shows that it is loading, then a way on without it.
 */
export const OPENER_FRAME_ATTRIBUTE = 'data-opener-frame'

/** Set on an open dialog once its frame's own page has sent a message (see above). */
export const FRAME_LOADED_ATTRIBUTE = 'data-loaded'

/** Set on an open dialog whose frame has sent nothing within FRAME_SILENCE_LIMIT_MS. */
export const FRAME_FAILED_ATTRIBUTE = 'data-failed'

/**
 * How long a dialog's frame may stay silent before the dialog offers a way on without it. The
 * frame's `load` event proves nothing: Chromium fires it for its own error page when the frame
 * is blocked or offline. Only a message from the frame's page is proof, so a timer that only
 * such a message cancels. 8 s: the scheduler (a large app) speaks within 2-4 s on an ordinary
 * connection; a slow one may take longer, and its late message still replaces the fallback.
 */
export const FRAME_SILENCE_LIMIT_MS = 8000

/**
 * The scheduler's embed handshake (cal.com's embed protocol, packages/embeds/embed-core): a
 * frame named `cal-embed=` runs as an embed and posts `{ originator: 'CAL', type:
 * '__iframeReady' }` to its parent once it can take messages; it shows its page once the parent
 * answers `{ originator: 'CAL', method: 'parentKnowsIframeReady' }`. Its first message is the
 * proof above.
 */
export const SCHEDULER_EMBED = {
  frameName: 'cal-embed=',
  originator: 'CAL',
  ready: '__iframeReady',
  answer: 'parentKnowsIframeReady',
} as const

/** On a <dialog>: a press on the dimmed page around it (its backdrop) closes it. */
export const LIGHT_DISMISS_ATTRIBUTE = 'data-light-dismiss'

/**
 * On an opener: what the dialog it opens is about (the guide a Request Guide button requests).
 * The loader copies it onto the dialog, and into the dialog's elements that carry
 * SUBJECT_TEXT_ATTRIBUTE, before opening it: one dialog serves every opener of a page, and its
 * form reads the subject from the dialog when it is sent.
 */
export const DIALOG_SUBJECT_ATTRIBUTE = 'data-dialog-subject'

/** On an element inside a dialog: its text is the subject of the opener that opened it. */
export const SUBJECT_TEXT_ATTRIBUTE = 'data-subject-text'
