import { Quote } from 'lucide-react'

export interface Testimonial {
  text: string
  name: string
  title: string
}

/** One testimonial as a quote card: alone on a page, or as a slide of the carousel. */
export function TestimonialQuote({ item }: { item: Testimonial }) {
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10">
      <Quote aria-hidden="true" className="mx-auto size-8 text-brand-600" />
      <blockquote className="mt-4 text-lg text-pretty text-ink sm:text-xl">
        <p>{item.text}</p>
      </blockquote>
      <figcaption className="mt-6">
        <span className="block font-semibold text-ink">{item.name}</span>
        <span className="block text-sm text-muted">{item.title}</span>
      </figcaption>
    </figure>
  )
}
