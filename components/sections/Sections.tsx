import type { EntryData } from '../../content/config.ts'
import type { Section } from '../../content/index.ts'
import { Faq } from './Faq.tsx'
import { Hero } from './Hero.tsx'

/** A content section with the entries it references already picked by the page's data hook. */
export type ResolvedSection =
  | Exclude<Section, { type: 'faq' }>
  | (Extract<Section, { type: 'faq' }> & { entry: EntryData<'faqs'> })

/** Renders a page's sections in content order, each by its type. */
export function Sections({ sections }: { sections: ResolvedSection[] }) {
  return sections.map((section, index) => {
    switch (section.type) {
      case 'hero':
        return <Hero key={index} {...section} />
      case 'faq':
        return <Faq key={index} id={section.id} {...section.entry} />
    }
  })
}
