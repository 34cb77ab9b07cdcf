// Server only: gives each content section the entries it references (FAQ sets, testimonials,
// plans, people, areas, cases, guides, scorecards), so the components just render props.
import type { EntryData } from '../../content/config.ts'
import { getCollection, getEntry, type Section } from '../../content/index.ts'
import { industryPath } from '../../renderer/route-table.ts'

type Of<T extends Section['type']> = Extract<Section, { type: T }>
type ByOrder = { data: { order: number } }
const byOrder = (a: ByOrder, b: ByOrder) => a.data.order - b.data.order
const withIds = <T extends { id: string; data: object }>(entries: T[]) =>
  entries.map(({ id, data }) => ({ id, ...data }) as T['data'] & { id: string })

export type ResolvedSection =
  | Exclude<
      Section,
      {
        type:
          | 'faq'
          | 'expertise'
          | 'testimonials'
          | 'pricing'
          | 'leaders'
          | 'interviewers'
          | 'case-studies'
          | 'guides'
          | 'scorecards'
      }
    >
  | (Of<'faq'> & { entry: EntryData<'faqs'> })
  | (Of<'expertise'> & {
      entries: (EntryData<'expertise'>['items'][number] & { path: string })[]
    })
  | (Of<'testimonials'> & { entries: EntryData<'testimonials'>['items'] })
  | (Of<'pricing'> & { entries: EntryData<'pricing'>['items'] })
  | (Of<'leaders'> & { entries: EntryData<'leaders'>['items'] })
  | (Of<'interviewers'> & { entries: EntryData<'interviewers'>['items'] })
  | (Of<'case-studies'> & { entries: (EntryData<'case-studies'> & { id: string })[] })
  | (Of<'guides'> & { entries: (EntryData<'guides'> & { id: string })[] })
  | (Of<'scorecards'> & { entries: (EntryData<'scorecards'> & { id: string })[] })

export function resolveSection(section: Section): ResolvedSection {
  switch (section.type) {
    case 'faq':
      return { ...section, entry: getEntry('faqs', section.faq).data }
    case 'expertise':
      return {
        ...section,
        entries: getEntry('expertise', section.areas).data.items.map((area) => ({
          ...area,
          path: industryPath(area.industry),
        })),
      }
    case 'testimonials':
      return { ...section, entries: getEntry('testimonials', section.set).data.items }
    case 'pricing':
      return { ...section, entries: getEntry('pricing', section.plans).data.items }
    case 'leaders':
      return { ...section, entries: getEntry('leaders', section.team).data.items }
    case 'interviewers':
      return { ...section, entries: getEntry('interviewers', section.roster).data.items }
    case 'case-studies':
      return { ...section, entries: withIds([...getCollection('case-studies')].sort(byOrder)) }
    case 'guides':
      return { ...section, entries: withIds([...getCollection('guides')].sort(byOrder)) }
    case 'scorecards':
      return { ...section, entries: withIds([...getCollection('scorecards')].sort(byOrder)) }
    default:
      return section
  }
}
