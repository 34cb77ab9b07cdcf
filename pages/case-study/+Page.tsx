import { CaseStudyLayout } from '../../components/case-studies/CaseStudyLayout.tsx'
import { getEntry } from '../../site/content.ts'
import type { Data } from './+data.ts'

export default function Page({ data }: { data: Data }) {
  // The MDX body is a component, so it is picked here rather than passed through the data hook.
  const { Content } = getEntry('case-studies', data.id)
  return (
    <CaseStudyLayout
      study={data.study}
      file={data.file}
      breadcrumbs={data.meta.breadcrumbs ?? []}
      all={data.all}
      Content={Content}
    />
  )
}
