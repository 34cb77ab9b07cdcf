// A person as the About page shows them: initials in place of a portrait, then name, role and
// bio. Leaders get large cards; interviewers smaller ones in the carousel (an island, so this
// file stays free of anything but markup).
const STYLES = {
  leader: {
    avatar:
      'inline-flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white size-20 text-2xl',
    name: 'mt-5 text-lg font-semibold text-ink',
    bio: 'mt-3 text-muted',
  },
  interviewer: {
    avatar:
      'flex size-16 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800',
    name: 'mt-4 font-semibold text-ink',
    bio: 'mt-3 text-sm text-muted',
  },
} as const

export interface PersonSummaryProps {
  person: { name: string; role: string; bio: string; initials: string }
  variant: keyof typeof STYLES
}

export function PersonSummary({ person, variant }: PersonSummaryProps) {
  const styles = STYLES[variant]
  return (
    <>
      <span aria-hidden="true" className={styles.avatar}>
        {person.initials}
      </span>
      <h3 className={styles.name}>{person.name}</h3>
      <p className="text-sm font-medium text-brand-700">{person.role}</p>
      <p className={styles.bio}>{person.bio}</p>
    </>
  )
}
