import { Clock, MapPin, Phone } from 'lucide-react'
import { telHref } from '../../content/schema/phone.ts'
import type { Section } from '../../site/content.ts'
import { Island } from '../../renderer/Island.tsx'
import ContactForm from '../forms/ContactForm.island.tsx'
import { useSite } from '../site-context.tsx'
import { previewCopy } from '../forms/PreviewNotice.tsx'
import { Container } from '../ui/Container.tsx'
import { buttonStyles } from '../ui/button-styles.ts'
import { fieldStyles, inputStyles, labelStyles } from '../ui/field-styles.ts'
import { cardClass } from './SectionShell.tsx'
import { SocialIcon } from './SocialIcon.tsx'

export type ContactProps = Extract<Section, { type: 'contact' }>
/** Every word of the contact form, for the form island's props. */
export type ContactFormCopy = ContactProps['form']

/** A field of the form for visitors without JavaScript: a label and a plain input. */
function PlainField({
  name,
  type,
  autoComplete,
  required = false,
  wide = false,
  multiline = false,
  words,
}: {
  name: string
  type?: string
  autoComplete?: string
  required?: boolean
  /** Spans both columns on wide screens. */
  wide?: boolean
  multiline?: boolean
  words: { label: string; placeholder: string }
}) {
  const id = `contact-${name}`
  return (
    <div className={wide ? `${fieldStyles} sm:col-span-2` : fieldStyles}>
      <label htmlFor={id} className={labelStyles}>
        {words.label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          name={name}
          required={required}
          placeholder={words.placeholder}
          className={inputStyles({ className: 'min-h-[150px]' })}
        />
      ) : (
        <input
          id={id}
          name={name}
          type={type}
          required={required}
          autoComplete={autoComplete}
          placeholder={words.placeholder}
          className={inputStyles()}
        />
      )}
    </div>
  )
}

/**
 * The contact page's one section: details on the left, the message form on the right: the form
 * island, and for visitors without JavaScript a plain form that opens their e-mail program.
 */
export function Contact({ id, heading, lead, info, form }: ContactProps) {
  const site = useSite()
  const details = [
    {
      icon: Phone,
      label: info.call,
      value: (
        <a href={telHref(site.phone)} className="hover:text-brand-700 hover:underline">
          {site.phone}
        </a>
      ),
    },
    { icon: MapPin, label: info.location, value: site.location },
    { icon: Clock, label: info.hours, value: site.hours },
  ]
  return (
    <section
      id={id}
      aria-labelledby="contact-heading"
      className="min-h-[calc(100vh-4rem)] bg-gradient-to-b from-brand-50 to-white py-16 sm:py-24"
    >
      <Container>
        <div className="mx-auto max-w-3xl text-center">
          <h1
            id="contact-heading"
            className="text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-5xl"
          >
            {heading}
          </h1>
          <p className="mt-4 text-lg text-pretty text-muted">{lead}</p>
        </div>
        <div className="mt-12 grid gap-8 lg:grid-cols-[2fr_3fr]">
          <div className="space-y-6">
            <div className={cardClass}>
              <h2 className="text-xl font-semibold text-ink">{info.heading}</h2>
              <ul className="mt-6 space-y-5">
                {details.map(({ icon: Icon, label, value }) => (
                  <li key={label} className="flex gap-4">
                    <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <div>
                      <p className="font-semibold text-ink">{label}</p>
                      <p className="mt-0.5 text-muted">{value}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
            <div className={cardClass}>
              <h2 className="text-xl font-semibold text-ink">{info.follow}</h2>
              <ul className="mt-5 flex gap-3">
                {site.social.map((link) => (
                  <li key={link.href}>
                    <a
                      href={link.href}
                      aria-label={link.label}
                      rel="noopener"
                      target="_blank"
                      className="inline-flex size-11 items-center justify-center rounded-lg border border-slate-300 text-slate-700 hover:border-brand-600 hover:text-brand-700"
                    >
                      <SocialIcon name={link.icon} />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <div className={`${cardClass} p-6 sm:p-8`} data-contact-form>
            <h2 className="text-xl font-semibold text-ink">{form.heading}</h2>
            <div className="mt-6">
              <Island
                component={ContactForm}
                // Its code (React Aria's form fields) is the largest on any page: it loads when a
                // visitor reaches for the form, and what they type or press first is kept.
                hydrate="interaction"
                requiresJs
                props={{
                  fields: {
                    name: form.name,
                    email: form.email,
                    phone: form.phone,
                    message: form.message,
                  },
                  submit: form.submit,
                  sending: form.sending,
                  toasts: {
                    success: form.success,
                    failure: form.failure,
                    kept: site.keptRequests.message,
                  },
                  preview: previewCopy(site),
                }}
              />
            </div>
            {/* Without JavaScript the same fields open the visitor's e-mail program. */}
            <noscript>
              <form
                method="post"
                action={`mailto:${site.email}`}
                encType="text/plain"
                className="mt-6 grid gap-5 sm:grid-cols-2"
              >
                <PlainField
                  name="name"
                  type="text"
                  autoComplete="name"
                  required
                  words={form.name}
                />
                <PlainField
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  words={form.email}
                />
                <PlainField name="phone" type="tel" autoComplete="tel" wide words={form.phone} />
                <PlainField name="message" multiline required wide words={form.message} />
                <div className="sm:col-span-2">
                  <button
                    type="submit"
                    className={buttonStyles({ size: 'lg', className: 'w-full sm:w-auto' })}
                  >
                    {form.submit}
                  </button>
                </div>
              </form>
            </noscript>
          </div>
        </div>
      </Container>
    </section>
  )
}
