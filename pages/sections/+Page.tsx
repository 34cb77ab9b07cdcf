import { Sections } from '../../components/sections/Sections.tsx'
import type { Data } from './+data.ts'

export default function Page({ data }: { data: Data }) {
  return <Sections sections={data.sections} />
}
