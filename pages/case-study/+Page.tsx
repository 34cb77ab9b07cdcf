import { CaseStudyLayout } from '../../components/case-studies/CaseStudyLayout.tsx'
import type { Data } from './+data.ts'

export default function Page({ data }: { data: Data }) {
  return (
    <CaseStudyLayout
      study={data.study}
      file={data.file}
      breadcrumbs={data.meta.breadcrumbs ?? []}
      all={data.all}
      Content={data.Content}
    />
  )
}
