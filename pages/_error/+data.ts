import type { PageContextServer } from 'vike/types'
import type { PageMeta } from '../../components/layout/page-meta.ts'
import { contentProblemsOf } from '../../site/content.ts'

/**
 * In the dev server, a page that needs an entry with a problem lands here with the problems
 * (site/content.ts's ContentProblemsError); the not-found page has no data of its own.
 */
export function data(pageContext: PageContextServer) {
  const problems = contentProblemsOf(pageContext.errorWhileRendering)
  if (!problems) return undefined
  const meta: PageMeta = {
    title: 'Content problems',
    description: 'This page’s content has problems to fix.',
    path: pageContext.urlPathname,
    noindex: true,
    inSiteSearch: false,
  }
  return { meta, problems }
}

export type Data = ReturnType<typeof data>
