// Decap CMS as this editor uses it: its core with the two backends the editor saves through
// (GitHub on the live site, the dev server's proxy on `npm run dev`), the widgets of
// ./form-widgets.ts and the English interface. decap-cms-app registers every backend, widget and
// locale Decap has: 5.4 MB of script where this is 3.4 MB, the most of the first load's time
// (measure/admin-first-load.ts). With it, the sign-in again (./decap-session.ts) and the reset
// after a failed first save (./failed-save-reset.ts): they reach Decap's own modules, which must
// stay in this one chunk (split into a chunk of their own, Decap's modules ran too early).
import { DecapCmsCore as CMS, type CmsWidgetParam } from 'decap-cms-core'
import { GitHubBackend } from 'decap-cms-backend-github'
import { ProxyBackend } from 'decap-cms-backend-proxy'
import boolean from 'decap-cms-widget-boolean'
import datetime from 'decap-cms-widget-datetime'
import image from 'decap-cms-widget-image'
import list from 'decap-cms-widget-list'
import markdown from 'decap-cms-widget-markdown'
import number from 'decap-cms-widget-number'
import object from 'decap-cms-widget-object'
import select from 'decap-cms-widget-select'
import string from 'decap-cms-widget-string'
import text from 'decap-cms-widget-text'
import { en } from 'decap-cms-locales'
import type { FormWidget } from './form-widgets.ts'

const widgets: Record<FormWidget, { Widget(): CmsWidgetParam }> = {
  boolean,
  datetime,
  image,
  list,
  markdown,
  number,
  object,
  select,
  string,
  text,
}

CMS.registerBackend('github', GitHubBackend)
CMS.registerBackend('proxy', ProxyBackend)
for (const widget of Object.values(widgets)) CMS.registerWidget(widget.Widget())
CMS.registerLocale('en', en)

export { signedIn, signInAgain } from './decap-session.ts'
export { resetFailedFirstSaves } from './failed-save-reset.ts'
export default CMS
