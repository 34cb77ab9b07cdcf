import { CheckList } from './Lists.tsx'
import type { Action } from '../../site/content.ts'
import { ActionButton } from '../ActionButton.tsx'
import { SectionShell, type SectionHeadingProps } from './SectionShell.tsx'

export interface PricingProps extends SectionHeadingProps {
  id?: string
  headingId: string
  featuredLabel: string
  plans: {
    title: string
    price: string
    unit: string
    note?: string
    features: string[]
    featured: boolean
    action: Action
  }[]
}

/** The pricing cards, the featured plan highlighted. */
export function Pricing({ plans, featuredLabel, ...heading }: PricingProps) {
  return (
    <SectionShell {...heading} tinted>
      <ul className="grid items-start gap-6 md:grid-cols-3 md:gap-4 lg:gap-6" data-pricing>
        {plans.map((plan) => (
          <li
            key={plan.title}
            data-plan
            className={`relative flex flex-col rounded-2xl bg-white p-8 shadow-sm md:p-5 lg:p-8 ${
              plan.featured
                ? 'border-2 border-brand-700 lg:-mt-4 lg:pb-12'
                : 'border border-slate-200'
            }`}
          >
            {plan.featured && (
              <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
                {featuredLabel}
              </p>
            )}
            <h3 className="text-lg font-semibold text-ink">{plan.title}</h3>
            <p className="mt-4 flex items-baseline gap-2">
              <span data-price className="text-4xl font-extrabold tracking-tight text-ink">
                {plan.price}
              </span>
              <span className="text-muted">{plan.unit}</span>
            </p>
            {plan.note && (
              <p className="mt-3 inline-block self-start rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
                {plan.note}
              </p>
            )}
            <CheckList
              items={plan.features}
              className="mt-6 space-y-3 text-slate-700"
              itemClassName="flex gap-3"
              iconClassName="mt-0.5 size-5 shrink-0 text-brand-700"
            />
            <div className="mt-8 [&>a]:w-full">
              <ActionButton
                action={{ ...plan.action, variant: plan.featured ? 'primary' : 'secondary' }}
              />
            </div>
          </li>
        ))}
      </ul>
    </SectionShell>
  )
}
