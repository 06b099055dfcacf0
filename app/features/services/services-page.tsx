import type { PageProps } from '../../lib/entity'
import { PageTitle } from '../../shell/page-title'
import { ServiceCard } from '../../components/content/service-card'
import { AppLink } from '../../components/ui/app-link'
import { useT } from '../../lib/i18n'
import '../../lib/messages/content'

/** All services, section by section. */
export default function ServicesPage({ entity }: PageProps<'services'>) {
  const t = useT()
  const { sections } = entity.data
  return (
    <div>
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        <nav aria-label={t('services.sections')} className="mb-8">
          <ul className="flex flex-wrap gap-2">
            {sections.map((s) => (
              <li key={s.id}>
                <AppLink
                  to={s.link}
                  className="inline-block rounded-full border border-neutral-300 px-3 py-1.5 text-sm hover:border-brand-600 hover:text-brand-700"
                >
                  {s.title}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-12">
          {sections.map((s) => (
            <section key={s.id} aria-labelledby={`section-${s.id}`}>
              <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
                <h2 id={`section-${s.id}`} className="text-xl font-semibold tablet:text-2xl">
                  <AppLink to={s.link} className="hover:text-brand-700">
                    {s.title}
                  </AppLink>
                </h2>
                <AppLink
                  to={s.link}
                  className="text-sm text-brand-700 underline underline-offset-2 hover:text-brand-600"
                >
                  {t('services.more')}
                </AppLink>
              </div>
              <p className="mb-5 max-w-3xl text-neutral-600">{s.description}</p>
              <ul className="grid gap-4 phone-l:grid-cols-2 laptop:grid-cols-4">
                {s.services.map((service) => (
                  <li key={service.id} className="flex">
                    <ServiceCard service={service} showImage={false} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </div>
  )
}
