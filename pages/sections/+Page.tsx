import { Sections } from '../../components/sections/Sections.tsx'
import type { PageProps } from '../../components/layout/page-meta.ts'
import type { Data } from './+data.ts'

export default function Page({ data }: PageProps<Data>) {
  return <Sections sections={data.sections} />
}
