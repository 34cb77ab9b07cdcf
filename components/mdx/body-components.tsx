// The React side of content/schema/writer-component-names.ts: what each component a writer may use in
// an MDX body renders. Plain Markdown elements get the site's look here too (headings with
// anchors, scrollable tables, responsive pictures). No island: the booking button is a booking
// link, upgraded by the page script like every other.
import { Info, Lightbulb, TriangleAlert, Link as LinkIcon } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import type { WriterComponentName } from '../../content/schema/writer-component-names.ts'
import type { MdxComponents, ResponsiveImage } from '../../site/content.ts'
import { ActionButton } from '../ActionButton.tsx'
import { useSite } from '../site-context.tsx'
import { Picture } from '../ui/Picture.tsx'

/** The column an MDX body is set in: pictures never show wider. */
const BODY_SIZES = '(min-width: 768px) 720px, 100vw'

const CALLOUTS = {
  note: { icon: Info, className: 'border-brand-200 bg-brand-50' },
  tip: { icon: Lightbulb, className: 'border-emerald-200 bg-emerald-50' },
  warning: { icon: TriangleAlert, className: 'border-amber-300 bg-amber-50' },
} as const

function Callout({
  type = 'note',
  title,
  children,
}: {
  type?: keyof typeof CALLOUTS
  title?: string
  children?: ReactNode
}) {
  const { icon: Icon, className } = CALLOUTS[type]
  return (
    // A note, not a landmark: it sits inside the article's main content.
    <div role="note" className={`not-prose my-8 flex gap-4 rounded-xl border p-5 ${className}`}>
      <Icon aria-hidden="true" className="mt-1 size-5 shrink-0 text-ink" />
      <div className="text-slate-800 [&>p:first-child]:mt-0 [&>p]:mt-3">
        {title && <p className="font-semibold text-ink">{title}</p>}
        {children}
      </div>
    </div>
  )
}

function KeyFigures({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <dl aria-label={label} className="not-prose my-8 grid gap-4 sm:grid-cols-3">
      {children}
    </dl>
  )
}

function KeyFigure({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col-reverse rounded-xl bg-brand-50 p-5 text-center">
      <dt className="mt-1 text-sm font-medium text-slate-700">{label}</dt>
      <dd className="text-3xl font-extrabold text-brand-800">{value}</dd>
    </div>
  )
}

function PullQuote({ cite, children }: { cite: string; children?: ReactNode }) {
  return (
    <figure className="not-prose my-10 border-l-4 border-brand-600 pl-6">
      <blockquote className="text-xl leading-relaxed font-medium text-ink [&>p+p]:mt-3">
        {children}
      </blockquote>
      <figcaption className="mt-3 text-sm font-semibold text-muted">{cite}</figcaption>
    </figure>
  )
}

function BookingCta({
  heading,
  label,
  children,
}: {
  heading: string
  label: string
  children?: ReactNode
}) {
  return (
    <div className="not-prose my-10 rounded-2xl bg-brand-900 p-8 text-white">
      <p className="text-xl font-bold">{heading}</p>
      <div className="mt-2 text-brand-100 [&>p+p]:mt-3">{children}</div>
      <div className="mt-6">
        <ActionButton action={{ label, opens: 'booking', variant: 'primary' }} tone="inverse" />
      </div>
    </div>
  )
}

/** A heading with a link to itself, so a reader can share the section. */
function anchoredHeading(Tag: 'h2' | 'h3') {
  return function AnchoredHeading({ id, children }: ComponentProps<'h2'>) {
    const { articles } = useSite()
    const text = textOf(children)
    return (
      <Tag id={id} className="group">
        {children}
        {id && (
          <a
            href={`#${id}`}
            className="ml-2 inline-block align-middle text-brand-700 no-underline opacity-60 group-hover:opacity-100 focus-visible:opacity-100"
          >
            <LinkIcon aria-hidden="true" className="size-4" />
            <span className="sr-only">{articles.anchor.replace('{heading}', text || id)}</span>
          </a>
        )}
      </Tag>
    )
  }
}

function Table(props: ComponentProps<'table'>) {
  const { articles } = useSite()
  // A wide table scrolls inside its box instead of widening the page; keyboard users reach it.
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable
    <div className="my-6 overflow-x-auto" tabIndex={0} role="region" aria-label={articles.table}>
      <table {...props} />
    </div>
  )
}

/** The words of a heading, whatever inline markup they are wrapped in. */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node)
  if (Array.isArray(node)) return node.map(textOf).join('')
  if (node && typeof node === 'object' && 'props' in node)
    return textOf((node.props as { children?: ReactNode }).children)
  return ''
}

/** A picture of a body by its address as written there ("./images/x.png"). */
export type BodyPictures = (src: string) => ResponsiveImage

/**
 * What an MDX body is rendered with: the writer components, and Markdown elements in the site's
 * style. `pictures` finds a picture the body names (beside its file in the build; in the
 * editor's preview, as uploaded).
 */
export function bodyComponentsFor(pictures: BodyPictures): MdxComponents {
  function Figure({ src, alt, caption }: { src: string; alt: string; caption: string }) {
    return (
      <figure className="not-prose my-8">
        <Picture
          image={pictures(src)}
          alt={alt}
          sizes={BODY_SIZES}
          className="rounded-xl border border-slate-200"
        />
        <figcaption className="mt-2 text-sm text-muted">{caption}</figcaption>
      </figure>
    )
  }
  function Image({ src = '', alt = '' }: ComponentProps<'img'>) {
    return (
      <Picture
        image={pictures(String(src))}
        alt={alt}
        sizes={BODY_SIZES}
        className="my-6 rounded-xl border border-slate-200"
      />
    )
  }
  const writers = {
    Callout,
    KeyFigures,
    KeyFigure,
    PullQuote,
    Figure,
    BookingCta,
  } satisfies Record<WriterComponentName, unknown>
  return {
    ...writers,
    h2: anchoredHeading('h2'),
    h3: anchoredHeading('h3'),
    table: Table,
    img: Image,
  } as MdxComponents
}
