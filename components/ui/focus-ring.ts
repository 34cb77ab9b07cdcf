// The one focus ring: a 2px brand outline shown for keyboard focus only. Written out per place
// it is drawn (Tailwind finds classes as literal strings, so they cannot be assembled).
// Plain links and anything else get the same ring from :focus-visible in renderer/styles.css.
export const focusRing = {
  /** Buttons and links styled as buttons: 2px off the control. */
  control: 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
  /** Text fields: 1px off the border. */
  field: 'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
  /** A focusable region (a carousel's viewport): clear of the rings of what is inside. */
  region: 'focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600',
  /** On a coloured surface (a toast): drawn in the text's own colour. */
  onColour: 'focus-visible:outline-2 focus-visible:outline-current',
  /** React Aria controls styled by their data attributes. */
  ariaData: 'data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-600',
} as const

/** For React Aria's render props: the control ring while focus is visible, else none. */
export const focusRingWhen = (isFocusVisible: boolean) =>
  isFocusVisible ? 'outline-2 outline-offset-2 outline-brand-600' : 'outline-none'
