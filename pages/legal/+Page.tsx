import { LegalDocument } from '../../components/sections/LegalDocument.tsx'
import { getEntry } from '../../site/content.ts'
import type { Data } from './+data.ts'

export default function Page({ data }: { data: Data }) {
  // The MDX body is a component, so it is picked here rather than passed through the data hook.
  const { Content } = getEntry('legal', data.id)
  return (
    <LegalDocument
      title={data.meta.title}
      breadcrumbs={data.meta.breadcrumbs ?? []}
      lastUpdated={data.lastUpdated}
      Content={Content}
    />
  )
}
