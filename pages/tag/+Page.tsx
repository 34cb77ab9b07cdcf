import { ArticleList } from '../../components/articles/ArticleList.tsx'
import { Pagination } from '../../components/articles/Pagination.tsx'
import { breadcrumbTrail } from '../../components/layout/structured-data.ts'
import { getSite, listRoutes, pagedPath, pathOf } from '../../site/content.ts'
import type { PageProps } from '../../components/layout/page-meta.ts'
import type { Data } from './+data.ts'

export default function Page({ data }: PageProps<Data>) {
  const breadcrumbs =
    breadcrumbTrail(data.meta.path, listRoutes(), getSite().ui.home, data.meta.title) ?? []
  return (
    <ArticleList
      headline={data.headline}
      lead={data.lead}
      breadcrumbs={breadcrumbs}
      articles={data.articles}
    >
      <Pagination
        page={data.page}
        pages={data.pages}
        pathOf={(page) => pagedPath(pathOf('tags', data.tag), page)}
      />
    </ArticleList>
  )
}
