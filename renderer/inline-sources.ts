// Every inline <script> and <style> a public page may hold: the renderer writes these and no
// other, and the site's Content-Security-Policy allows exactly these, by hash
// (builder/outputs/inline-sources.ts hashes this list; it never gathers one from the pages). The
// build refuses a page that holds any other inline script, inline style or style attribute, so
// content that smuggles one in stops the build instead of being signed into the policy.
// Style attributes: none. The policy's style-src has no 'unsafe-inline', so a browser applies a
// style attribute written in the HTML only if the policy names its hash; the renderer writes none
// (the carousel moves its track through the DOM's style object, which the policy does not
// govern, and code is coloured by class: builder/content/code-colors.ts), so the policy names none
// and the build refuses every one.
import { PAGE_SCRIPT_LOADER } from './page-script.ts'
import { THEME_SCRIPT } from './theme-script.ts'

export { PAGE_SCRIPT_LOADER } from './page-script.ts'
export { THEME_SCRIPT } from './theme-script.ts'

/** Hides the controls that need JavaScript when it is off (components/layout/Head.tsx). */
export const NO_SCRIPT_STYLE = '[data-requires-js]{display:none!important}'

/**
 * <style> elements React Aria adds at run time (not in the HTML): usePress's touch-action rule
 * on every page with a pressable, and usePreventScroll's rule on iOS while a modal is open. A
 * unit test compares them with the installed react-aria.
 */
export const RUNTIME_INLINE_STYLES = [
  '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}',
  '@layer {\n  * {\n    overscroll-behavior: contain;\n  }\n}',
]

/** The bodies of the inline scripts every page carries, in the order the head holds them. */
export const RENDERED_INLINE_SCRIPTS = [THEME_SCRIPT, PAGE_SCRIPT_LOADER]

/** The bodies of the inline styles a page may hold or be given while it runs. */
export const RENDERED_INLINE_STYLES = [NO_SCRIPT_STYLE, ...RUNTIME_INLINE_STYLES]
