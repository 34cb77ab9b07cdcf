import { CaseStudyLayout } from '../../components/case-studies/CaseStudyLayout.tsx'
import type { PageProps } from '../../components/layout/page-meta.ts'
import type { Data } from './+data.ts'

export default function Page({ data }: PageProps<Data>) {
  return (
    <CaseStudyLayout
      study={data.study}
      pictures={data.pictures}
      breadcrumbs={data.meta.breadcrumbs ?? []}
      all={data.all}
      Content={data.Content}
    />
  )
}
