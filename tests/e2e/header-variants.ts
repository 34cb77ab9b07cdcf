// The ways the header's dropdowns can look: each menu's panel marks one of its links as the
// current page, or none (components/layout/header-current.ts). Every style a panel link takes
// shows on a page where the menu marks a link current and on one where it marks none, so the
// dropdowns are walked on the first page of each combination, not on every page.
import { repositoryContent } from '../../builder/content/route-table.ts'
import type { EntryData } from '../../content/schema/collections.ts'
import { currentAmong, headerCurrent } from '../../components/layout/header-current.ts'

// The load the spec's route list came from (repositoryContent), not a second one.
const site = ((await repositoryContent()).get('site') as readonly { data: EntryData<'site'> }[])[0]!
  .data

/** One page for each combination of "marks a link current" over the menus, with its name. */
export function dropdownVariants(routes: string[]): { route: string; menus: string }[] {
  const variants = new Map<string, string>()
  for (const route of routes) {
    const current = headerCurrent(site.navigation, route)
    const menus = site.navigation.menus
      .map(
        (menu) =>
          `${menu.label} ${
            currentAmong(
              menu.items.map((item) => item.href),
              current,
            )
              ? 'with'
              : 'without'
          } a current link`,
      )
      .join(', ')
    if (!variants.has(menus)) variants.set(menus, route)
  }
  return [...variants].map(([menus, route]) => ({ route, menus }))
}
