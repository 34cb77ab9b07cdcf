import { Island } from '../../renderer/Island.tsx'
import InterviewerCarousel from '../carousels/InterviewerCarousel.island.tsx'
import { useSite } from '../site-context.tsx'
import { PersonSummary } from './PersonSummary.tsx'
import { cardClass, SectionShell, type SectionHeadingProps } from './SectionShell.tsx'

export interface Person {
  id?: string
  name: string
  role: string
  bio: string
  initials: string
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
            <PersonSummary person={person} variant="leader" />
          </li>
        ))}
      </ul>
    </SectionShell>
  )
}

/**
 * The interviewer profiles as a looping carousel (an island, hydrated when scrolled near). Every
 * profile is in the server-rendered HTML, so they read fine without JavaScript too.
 */
export function Interviewers({
  people,
  ...heading
}: SectionHeadingProps & { id?: string; headingId: string; people: Person[] }) {
  const { ui } = useSite()
  return (
    <SectionShell {...heading} tinted>
      <div data-interviewers>
        <Island
          component={InterviewerCarousel}
          hydrate="visible"
          props={{
            profiles: people.map(({ id, name, role, bio, initials }) => ({
              id: id ?? initials,
              name,
              role,
              bio,
              initials,
            })),
            labels: {
              carousel: heading.heading,
              previous: ui.previous,
              next: ui.next,
              slide: ui.slide,
            },
          }}
        />
      </div>
    </SectionShell>
  )
}
