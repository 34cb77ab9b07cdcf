// Scheduled publishing: an entry whose `publishDate` is after the build's day is left out of the
// build like a draft (./drafts.ts) until that day, and shown by the dev server. The day is the
// company's (`timeZone` in content/site.yaml), so an article dated the 3rd goes live on the 3rd
// where the company is, not where the build machine's clock happens to be.

/** Sets the build's day (YYYY-MM-DD, or an instant in ISO 8601) for tests and rehearsals. */
export const BUILD_DATE_VARIABLE = 'BUILD_DATE'

/** Used until content/site.yaml can be read (a broken file is reported by the check). */
export const FALLBACK_TIME_ZONE = 'UTC'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The calendar day (YYYY-MM-DD) that `instant` falls on in `timeZone`. */
export function dayIn(timeZone: string, instant: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant)
}

/**
 * The day this build publishes for: `BUILD_DATE` when set (a day as written, or an instant read
 * in `timeZone`), otherwise today in `timeZone`.
 */
export function buildDay(
  timeZone: string,
  env: Record<string, string | undefined> = process.env,
  now: Date = new Date(),
): string {
  const setting = env[BUILD_DATE_VARIABLE]?.trim()
  if (!setting) return dayIn(timeZone, now)
  if (DAY.test(setting) && !Number.isNaN(Date.parse(`${setting}T00:00:00Z`))) return setting
  const instant = new Date(setting)
  if (Number.isNaN(instant.getTime()))
    throw new Error(
      `${BUILD_DATE_VARIABLE}="${setting}" is not a date: write a day as YYYY-MM-DD (e.g. 2026-12-01) or an ISO 8601 instant, or unset it to build for today`,
    )
  return dayIn(timeZone, instant)
}

/** The day an entry is scheduled for, if its `publishDate` is after `today`. */
export function scheduledDay(data: unknown, today: string): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const date = (data as Record<string, unknown>).publishDate
  return typeof date === 'string' && DAY.test(date) && date > today ? date : undefined
}
