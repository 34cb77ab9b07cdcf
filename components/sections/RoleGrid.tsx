import { BadgeCheck } from 'lucide-react'
import type { Action } from '../../site/content.ts'
import { ActionButton } from '../ActionButton.tsx'
import { Container } from '../ui/Container.tsx'

export interface RoleGridProps {
  heading: string
  roles: { title: string; description: string }[]
  action?: Action
}

/** The specialised roles assessed for an industry, with a consultation button under them. */
export function RoleGrid({ heading, roles, action }: RoleGridProps) {
  return (
    <section aria-labelledby="roles-heading" className="bg-slate-50 py-20">
      <Container>
        <h2 id="roles-heading" className="text-center text-3xl font-bold tracking-tight text-ink">
          {heading}
        </h2>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {roles.map((role) => (
            <li
              key={role.title}
              className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <BadgeCheck aria-hidden="true" className="size-6 text-brand-700" />
              <h3 className="mt-4 font-semibold text-ink">{role.title}</h3>
              <p className="mt-2 text-sm text-muted">{role.description}</p>
            </li>
          ))}
        </ul>
        {action && (
          <div className="mt-12 text-center">
            <ActionButton action={action} />
          </div>
        )}
      </Container>
    </section>
  )
}
