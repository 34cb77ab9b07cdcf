// Attributes of the site's native dialogs, shared by the HTML that renders them and the inline
// loader (./page-script.ts) that opens them. A <dialog> needs no framework to open: the loader
// answers a press on its opener from the first paint on, before any page script has arrived.

/** On a link or button: the id of the <dialog> a plain press on it opens, as a modal. */
export const OPENS_DIALOG_ATTRIBUTE = 'data-opens-dialog'

/**
 * On an element inside a dialog: while the dialog is open it holds a frame of the opener's
 * link (the booking scheduler), titled by `data-frame-title` and styled by `data-frame-class`.
 * The frame exists only while the dialog is open; `data-loaded` is set on the dialog once the
 * frame's page has loaded, so the dialog can stop showing that it is loading.
 */
export const OPENER_FRAME_ATTRIBUTE = 'data-opener-frame'

/** Set on an open dialog once its frame has loaded (see OPENER_FRAME_ATTRIBUTE). */
export const FRAME_LOADED_ATTRIBUTE = 'data-loaded'

/** On a <dialog>: a press on the dimmed page around it (its backdrop) closes it. */
export const LIGHT_DISMISS_ATTRIBUTE = 'data-light-dismiss'
