import { LegalDocument } from '../../components/sections/LegalDocument.tsx'
import type { PageProps } from '../../components/layout/page-meta.ts'
import type { Data } from './+data.ts'

export default function Page({ data }: PageProps<Data>) {
  return (
    <LegalDocument
      title={data.meta.title}
      breadcrumbs={data.meta.breadcrumbs ?? []}
      lastUpdated={data.lastUpdated}
      Content={data.Content}
    />
  )
}
