import { describe, expect, it } from 'vitest'
import { telHref } from '../../../../content/schema/phone.ts'
import { siteSchema } from '../../../../content/schema/site.ts'

describe('the phone and its tel: link', () => {
  it('dials a North American number written nationally with +1', () => {
    expect(telHref('(305) 555-0142')).toBe('tel:+13055550142')
    expect(telHref('305.555.0142')).toBe('tel:+13055550142')
  })

  it('dials an international number as written', () => {
    expect(telHref('+44 20 7946 0018')).toBe('tel:+442079460018')
    expect(telHref('+1 (305) 555-0142')).toBe('tel:+13055550142')
  })

  it('makes no link of what is not a number one can dial', () => {
    for (const phone of ['555-0142', 'call us', '(305) 555-0142 ext. 4', '+12', '12 345 678 901'])
      expect(telHref(phone), phone).toBeUndefined()
  })

  it('refuses such a phone in content/site.yaml with what to write', () => {
    const phone = siteSchema.shape.phone.safeParse('555-0142')
    expect(phone.success).toBe(false)
    expect(phone.error?.issues[0]?.message).toMatch(/North American number of 10 digits/)
  })
})
