// Which of the header's links marks the page as current. The one rule the header renders by
// and the accessibility walk groups pages by: pages the header does not link to share a header.
import type { EntryData } from '../../content/schema/collections.ts'

type Navigation = EntryData<'site'>['navigation']

/** Where the header's menus and links lead, in order. */
export function navigationHrefs({ menus, links }: Navigation): string[] {
  return [...menus.flatMap((menu) => menu.items), ...links].map((item) => item.href)
}

/** The address the header marks as the current page: one of its links, or the home page (the logo). */
export function headerCurrent(navigation: Navigation, path: string): string | undefined {
  return path === '/' || navigationHrefs(navigation).includes(path) ? path : undefined
}

/** `current` if one of `hrefs` leads there: what a menu marks as the current page. */
export function currentAmong(hrefs: string[], current: string | undefined): string | undefined {
  return current !== undefined && hrefs.includes(current) ? current : undefined
}
