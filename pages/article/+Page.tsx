import { ArticleLayout } from '../../components/articles/ArticleLayout.tsx'
import { getEntry, getSite, listRoutes } from '../../site/content.ts'
import { breadcrumbTrail } from '../../components/layout/structured-data.ts'
import type { Data } from './+data.ts'

export default function Page({ data }: { data: Data }) {
  // The MDX body is a component, so it is picked here rather than passed through the data hook.
  const { Content } = getEntry('articles', data.article.id)
  const breadcrumbs =
    breadcrumbTrail(data.meta.path, listRoutes(), getSite().ui.home, data.article.title) ?? []
  return <ArticleLayout {...data} breadcrumbs={breadcrumbs} Content={Content} />
}
