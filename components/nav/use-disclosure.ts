import { useId } from 'react'

/**
 * The WAI-ARIA disclosure pattern's attributes for a trigger and the panel it shows. A collapsed
 * panel carries `hidden` alone: React Aria's DisclosurePanel adds `aria-hidden="true"` beside
 * it, which ARIA in HTML forbids and the Nu Html Checker reports on every page.
 */
export function useDisclosure(isExpanded: boolean) {
  const triggerId = useId()
  const panelId = useId()
  return {
    triggerProps: { id: triggerId, 'aria-expanded': isExpanded, 'aria-controls': panelId },
    panelProps: {
      id: panelId,
      role: 'group',
      'aria-labelledby': triggerId,
      hidden: !isExpanded,
    },
  }
}
