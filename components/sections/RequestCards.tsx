import { CheckList } from './Lists.tsx'
import { RequestButton } from '../RequestButton.tsx'
import { PageRequestDialog } from '../request/PageRequestDialog.tsx'
import { IconBadge, type IconName } from './SectionIcons.tsx'
import { cardClass, SectionShell, type SectionHeadingProps } from './SectionShell.tsx'

export interface RequestItem {
  id: string
  title: string
  description: string
  featured: boolean
  icon: IconName
  contents: string[]
}

export interface RequestCardsProps extends SectionHeadingProps {
  id?: string
  headingId: string
  kind: 'guide' | 'scorecard'
  featuredLabel: string
  requestLabel: string
  contentsLabel: string
  items: RequestItem[]
}

function Contents({ label, items }: { label: string; items: string[] }) {
  return (
    <>
      <h4 className="mt-5 text-sm font-semibold text-ink">{label}</h4>
      <CheckList
        items={items}
        className="mt-2 space-y-2 text-sm text-slate-700"
        itemClassName="flex gap-2"
        iconClassName="mt-0.5 size-4 shrink-0 text-brand-700"
      />
    </>
  )
}

/** Guides or scorecards: the featured one large, the others in a grid, each requestable. */
export function RequestCards({
  kind,
  items,
  featuredLabel,
  requestLabel,
  contentsLabel,
  ...heading
}: RequestCardsProps) {
  // One dialog for the section's cards, each button opening it for its own item.
  const dialogId = `${heading.headingId}-request`
  const requestButton = (item: RequestItem) => (
    <RequestButton
      kind={kind}
      id={item.id}
      title={item.title}
      label={requestLabel}
      dialogId={dialogId}
    />
  )
  const featured = items.filter((item) => item.featured)
  const others = items.filter((item) => !item.featured)
  return (
    <SectionShell {...heading}>
      {featured.map((item) => (
        <article
          key={item.id}
          id={item.id}
          data-request-card={kind}
          className="grid gap-8 rounded-2xl border-2 border-brand-700 bg-brand-50 p-8 md:grid-cols-[2fr_1fr] md:items-center"
        >
          <div>
            <p className="inline-block rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
              {featuredLabel}
            </p>
            <h3 className="mt-4 text-2xl font-bold text-ink">{item.title}</h3>
            <p className="mt-3 text-lg text-slate-700">{item.description}</p>
            <Contents label={contentsLabel} items={item.contents} />
          </div>
          <div className="flex flex-col items-start gap-5 md:items-center">
            <IconBadge name={item.icon} className="size-16 [&>svg]:size-9" />
            {requestButton(item)}
          </div>
        </article>
      ))}
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {others.map((item) => (
          <li
            key={item.id}
            id={item.id}
            data-request-card={kind}
            className={`${cardClass} flex flex-col`}
          >
            <IconBadge name={item.icon} />
            <h3 className="mt-5 text-lg font-semibold text-ink">{item.title}</h3>
            <p className="mt-2 text-muted">{item.description}</p>
            <Contents label={contentsLabel} items={item.contents} />
            <div className="mt-auto pt-6">{requestButton(item)}</div>
          </li>
        ))}
      </ul>
      <PageRequestDialog kind={kind} id={dialogId} />
    </SectionShell>
  )
}
