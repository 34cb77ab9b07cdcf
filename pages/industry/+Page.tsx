import { IndustryPage } from '../../components/industries/IndustryPage.tsx'
import type { PageProps } from '../../components/layout/page-meta.ts'
import type { Data } from './+data.ts'

export default function Page({ data }: PageProps<Data>) {
  return <IndustryPage {...data} />
}
