import { Clock, MapPin, Phone } from 'lucide-react'
import type { Section } from '../../content/index.ts'
import { Island } from '../../renderer/Island.tsx'
import ContactForm from '../forms/ContactForm.island.tsx'
import { useSite } from '../site-context.tsx'
import { Container } from '../ui/Container.tsx'
import { buttonStyles } from '../ui/button-styles.ts'
import { cardClass } from './SectionShell.tsx'
import { SocialIcon } from './SocialIcon.tsx'

export type ContactProps = Extract<Section, { type: 'contact' }>
/** Every word of the contact form, for the form island's props. */
export type ContactFormCopy = ContactProps['form']

const fieldClass =
  'mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-ink placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600'

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
        <a href={site.phoneHref} className="hover:text-brand-700 hover:underline">
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
                    kept: {
                      title: site.keptRequests.title,
                      description: site.keptRequests.message,
                    },
                  },
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
                <div>
                  <label htmlFor="contact-name" className="font-medium text-ink">
                    {form.name.label}
                  </label>
                  <input
                    id="contact-name"
                    name="name"
                    type="text"
                    required
                    autoComplete="name"
                    placeholder={form.name.placeholder}
                    className={fieldClass}
                  />
                </div>
                <div>
                  <label htmlFor="contact-email" className="font-medium text-ink">
                    {form.email.label}
                  </label>
                  <input
                    id="contact-email"
                    name="email"
                    type="email"
                    required
                    autoComplete="email"
                    placeholder={form.email.placeholder}
                    className={fieldClass}
                  />
                </div>
                <div className="sm:col-span-2">
                  <label htmlFor="contact-phone" className="font-medium text-ink">
                    {form.phone.label}
                  </label>
                  <input
                    id="contact-phone"
                    name="phone"
                    type="tel"
                    autoComplete="tel"
                    placeholder={form.phone.placeholder}
                    className={fieldClass}
                  />
                </div>
                <div className="sm:col-span-2">
                  <label htmlFor="contact-message" className="font-medium text-ink">
                    {form.message.label}
                  </label>
                  <textarea
                    id="contact-message"
                    name="message"
                    required
                    placeholder={form.message.placeholder}
                    className={`${fieldClass} min-h-[150px]`}
                  />
                </div>
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
