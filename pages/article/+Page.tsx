import { ArticleLayout } from '../../components/articles/ArticleLayout.tsx'
import type { Data } from './+data.ts'

export default function Page({ data }: { data: Data }) {
  return <ArticleLayout {...data} />
}
