// What a visitor did to an island before it started is kept, not lost: what they typed, and the
// button they pressed (held by the inline loader, ./page-script.ts).
import { HELD_PRESS_ATTRIBUTE } from './island-attributes.ts'

const nativeValueSetter = (field: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set

/**
 * React hydrates a field without touching what was typed into it, but its state still holds
 * the server's value, and the next render would put that back. Typing it again, as React sees
 * typing (the field's value changes, then an input event), brings the state up to date.
 */
export function keepTypedValues(island: HTMLElement) {
  for (const field of island.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input:not([type=checkbox], [type=radio], [type=hidden]), textarea',
  )) {
    const typed = field.value
    if (typed === field.defaultValue) continue
    // Through React's own setter, so React takes the server value as the last it saw ...
    field.value = field.defaultValue
    // ... then past it, so the input event reads as a change.
    nativeValueSetter(field)?.call(field, typed)
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }
}

/** Presses again the button the loader held, if any. */
export function replayHeldPress(island: HTMLElement) {
  const button = island.querySelector<HTMLElement>(`[${HELD_PRESS_ATTRIBUTE}]`)
  button?.removeAttribute(HELD_PRESS_ATTRIBUTE)
  button?.click()
}

/** Whether a visitor pressed a button in the island before this page script ran. */
export const hasHeldPress = (island: HTMLElement) =>
  island.querySelector(`[${HELD_PRESS_ATTRIBUTE}]`) !== null
