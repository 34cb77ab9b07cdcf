// Scheduled publishing's day (site/publishing.ts): the company's calendar day, or BUILD_DATE.
import { describe, expect, it } from 'vitest'
import { buildDay, dayIn, scheduledDay } from '../../../site/publishing.ts'
import { siteSchema } from '../../../content/schema/site.ts'

describe('buildDay', () => {
  const now = new Date('2026-12-01T03:30:00Z')

  it('is today in the company’s time zone', () => {
    expect(buildDay('America/New_York', {}, now)).toBe('2026-11-30')
    expect(buildDay('Europe/Berlin', {}, now)).toBe('2026-12-01')
    expect(dayIn('UTC', now)).toBe('2026-12-01')
  })

  it('is BUILD_DATE when set: a day as written, an instant read in the time zone', () => {
    expect(buildDay('America/New_York', { BUILD_DATE: '2030-02-03' }, now)).toBe('2030-02-03')
    expect(buildDay('America/New_York', { BUILD_DATE: '2030-02-03T02:00:00Z' }, now)).toBe(
      '2030-02-02',
    )
    expect(buildDay('America/New_York', { BUILD_DATE: ' ' }, now)).toBe('2026-11-30')
  })

  it('refuses a BUILD_DATE that is no date, saying how to write one', () => {
    expect(() => buildDay('UTC', { BUILD_DATE: 'next tuesday' })).toThrow(
      'BUILD_DATE="next tuesday" is not a date: write a day as YYYY-MM-DD',
    )
  })
})

describe('scheduledDay', () => {
  it('is the publishDate of an entry dated after today, and nothing otherwise', () => {
    expect(scheduledDay({ publishDate: '2026-12-02' }, '2026-12-01')).toBe('2026-12-02')
    expect(scheduledDay({ publishDate: '2026-12-01' }, '2026-12-01')).toBeUndefined()
    expect(scheduledDay({ publishDate: '2026-11-30' }, '2026-12-01')).toBeUndefined()
    expect(scheduledDay({ title: 'no date' }, '2026-12-01')).toBeUndefined()
    expect(scheduledDay(undefined, '2026-12-01')).toBeUndefined()
  })
})

describe('the site’s timeZone field', () => {
  const timeZone = siteSchema.shape.timeZone
  it('takes an IANA name and refuses anything else with the way to write one', () => {
    expect(timeZone.safeParse('America/New_York').success).toBe(true)
    const wrong = timeZone.safeParse('Eastern')
    expect(wrong.success).toBe(false)
    expect(wrong.error?.issues[0]?.message).toContain('"America/New_York"')
  })
})
