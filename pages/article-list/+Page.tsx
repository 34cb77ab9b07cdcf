import { ArticleList } from '../../components/articles/ArticleList.tsx'
import { Pagination } from '../../components/articles/Pagination.tsx'
import { breadcrumbTrail } from '../../components/layout/structured-data.ts'
import { getSite, listPagePath, listRoutes } from '../../site/content.ts'
import type { PageProps } from '../../components/layout/page-meta.ts'
import type { Data } from './+data.ts'

export default function Page({ data }: PageProps<Data>) {
  const breadcrumbs =
    breadcrumbTrail(data.meta.path, listRoutes(), getSite().ui.home, data.meta.title) ?? []
  return (
    <ArticleList
      headline={data.words.headline}
      lead={data.words.lead}
      breadcrumbs={breadcrumbs}
      articles={data.articles}
    >
      <Pagination
        page={data.page}
        pages={data.pages}
        pathOf={(page) => listPagePath('article-list', page)}
      />
    </ArticleList>
  )
}
