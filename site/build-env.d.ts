// Constants vite.config.ts writes into the bundle (Vite's `define`). Not import.meta.env.*: Vike
// refuses a build whose client code reads an environment variable's name, to keep secrets out.

/** A pull request's preview build (SITE_PREVIEW=true, ./preview-build.ts). */
declare const __SITE_PREVIEW__: boolean
