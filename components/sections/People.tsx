import { cardClass, SectionShell, type SectionHeadingProps } from './SectionShell.tsx'

export interface Person {
  id?: string
  name: string
  role: string
  bio: string
  initials: string
}

function Avatar({ initials, large = false }: { initials: string; large?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white ${
        large ? 'size-20 text-2xl' : 'size-14 text-lg'
      }`}
    >
      {initials}
    </span>
  )
}

/** The leadership team: three large cards. */
export function Leaders({
  people,
  ...heading
}: SectionHeadingProps & { id?: string; headingId: string; people: Person[] }) {
  return (
    <SectionShell {...heading}>
      <ul className="grid gap-6 md:grid-cols-3" data-leaders>
        {people.map((person) => (
          <li key={person.name} className={`${cardClass} text-center`}>
            <Avatar initials={person.initials} large />
            <h3 className="mt-5 text-lg font-semibold text-ink">{person.name}</h3>
            <p className="text-sm font-medium text-brand-700">{person.role}</p>
            <p className="mt-3 text-muted">{person.bio}</p>
          </li>
        ))}
      </ul>
    </SectionShell>
  )
}

/**
 * The interviewer profiles as a static list, all of them in the HTML. The looping carousel
 * island takes the same profiles as props and replaces this list.
 */
export function Interviewers({
  people,
  ...heading
}: SectionHeadingProps & { id?: string; headingId: string; people: Person[] }) {
  return (
    <SectionShell {...heading} tinted>
      <ul className="grid gap-4 sm:grid-cols-2 md:grid-cols-4 lg:grid-cols-5" data-interviewers>
        {people.map((person) => (
          <li key={person.id} id={`interviewer-${person.id}`} className={`${cardClass} p-5`}>
            <Avatar initials={person.initials} />
            <h3 className="mt-4 font-semibold text-ink">{person.name}</h3>
            <p className="text-sm font-medium text-brand-700">{person.role}</p>
            <p className="mt-2 text-sm text-muted">{person.bio}</p>
          </li>
        ))}
      </ul>
    </SectionShell>
  )
}
