// The components a writer may use in any MDX body without importing them, and the props each
// takes. The content check reports any other component or prop where it stands; the React side
// (components/mdx/) must implement exactly these names (a type check keeps them in step).

export interface WriterProp {
  description: string
  required?: boolean
  /** The only values allowed, when the prop is a fixed choice. */
  values?: readonly string[]
  /** The value is a picture in the collection's images/ folder. */
  image?: boolean
}

export interface WriterComponent {
  description: string
  props: Record<string, WriterProp>
  /** Whether it wraps text (`<Callout>…</Callout>`) or stands alone (`<BookingCta />`). */
  children: boolean
  /** Components it may only be used inside. */
  inside?: string
}

/** A prop the component cannot do without; `more` adds its other rules. */
const required = (description: string, more: Omit<WriterProp, 'description' | 'required'> = {}) =>
  ({ description, required: true, ...more }) satisfies WriterProp

export const writerComponents = {
  Callout: {
    description: 'A boxed note beside the text: a tip, a note or a warning.',
    children: true,
    props: {
      type: {
        description: 'How it looks: "note" (default), "tip" or "warning".',
        values: ['note', 'tip', 'warning'],
      },
      title: { description: 'An optional bold first line.' },
    },
  },
  KeyFigures: {
    description: 'A row of two to four big numbers; put one <KeyFigure /> inside per number.',
    children: true,
    props: {
      label: required('What the figures are about, read by screen readers.'),
    },
  },
  KeyFigure: {
    description: 'One number of a <KeyFigures> row.',
    children: false,
    inside: 'KeyFigures',
    props: {
      value: required('The figure, e.g. "48 hours".'),
      label: required('What it measures, e.g. "report turnaround".'),
    },
  },
  PullQuote: {
    description: 'A quotation set large, with who said it.',
    children: true,
    props: {
      cite: required('Who said it, e.g. "Maria Lopez, VP Engineering".'),
    },
  },
  Figure: {
    description: 'A picture with a caption under it.',
    children: false,
    props: {
      src: required('The file, e.g. "./images/funnel.png".', { image: true }),
      alt: required('What the picture shows, for screen readers.'),
      caption: required('The sentence under the picture.'),
    },
  },
  BookingCta: {
    description: 'A call to action whose button opens the booking dialog.',
    children: true,
    props: {
      heading: required('The heading of the box.'),
      label: required('The words on the button.'),
    },
  },
} as const satisfies Record<string, WriterComponent>

export type WriterComponentName = keyof typeof writerComponents
