import { IconBadge, type IconName } from './SectionIcons.tsx'

/** A case study's kicker: its icon and the segment it served, on the card and on its page. */
export function CaseStudySegment({
  icon,
  segment,
  className = '',
}: {
  icon: IconName
  segment: string
  className?: string
}) {
  return (
    <div className={`${className} flex items-center gap-3`.trim()}>
      <IconBadge name={icon} />
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{segment}</p>
    </div>
  )
}
