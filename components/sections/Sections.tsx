import type { ComponentType } from 'react'
import { sectionRegistry, type ResolvedSection } from './registry.tsx'

export type { ResolvedSection } from './registry.tsx'

/** Renders a page's sections in content order, each by its type's component. */
export function Sections({ sections }: { sections: ResolvedSection[] }) {
  return sections.map((section, index) => {
    const Component = sectionRegistry[section.type].Component as ComponentType<
      ResolvedSection & { headingId: string }
    >
    // Unique per page, so every section is labelled by its own heading.
    const headingId = `${section.id ?? section.type}-${index}-heading`
    return <Component key={index} headingId={headingId} {...section} />
  })
}
