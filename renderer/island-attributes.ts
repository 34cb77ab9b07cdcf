// Attributes the HTML, the inline loader (./page-script.ts) and the page script
// (./start-islands.ts) share. A module of its own so the page script bundles these names
// without the loader's text.

/** The loader's <script> element carries the page script's address in this attribute. */
export const PAGE_SCRIPT_ATTRIBUTE = 'data-page-script'

/** Set by the loader on a button pressed inside an island before the island started. */
export const HELD_PRESS_ATTRIBUTE = 'data-held-press'

/**
 * Set on an island the moment React starts to hydrate it: from then on React sees, and answers,
 * every press that begins inside it, so the loader leaves those presses alone.
 */
export const LISTENING_ATTRIBUTE = 'data-listening'

/** Set on an island once React has taken it over. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated'

/**
 * On a control the page script runs itself (not an island), such as the search button: the
 * loader holds a press on it until the script has set HYDRATED_ATTRIBUTE, as it does for islands.
 */
export const PAGE_CONTROL_ATTRIBUTE = 'data-page-control'
