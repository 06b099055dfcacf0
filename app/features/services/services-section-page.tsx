import type { PageProps } from '../../lib/entity'
import { PageTitle } from '../../shell/page-title'
import { ServiceCard } from '../../components/content/service-card'
import { AppLink } from '../../components/ui/app-link'
import { useT } from '../../lib/i18n'
import '../../lib/messages/content'

/** One section of services: its description and service cards, with links to the other sections. */
export default function ServicesSectionPage({ entity }: PageProps<'services-section'>) {
  const t = useT()
  const { section, services, sections } = entity.data
  return (
    <div>
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        <div className="-mt-3 mb-8 flex flex-col gap-6 tablet:flex-row tablet:items-center">
          <img
            src={section.image.src}
            width={section.image.width}
            height={section.image.height}
            alt=""
            decoding="async"
            className="aspect-[4/3] h-auto w-full rounded-2xl bg-neutral-100 object-cover tablet:w-72"
          />
          <p className="max-w-3xl text-lg text-neutral-700">{section.description}</p>
        </div>
        <nav aria-label={t('services.sections')} className="mb-8">
          <ul className="flex flex-wrap gap-2">
            {sections.map((s) => {
              const current = s.id === section.id
              return (
                <li key={s.id}>
                  <AppLink
                    to={s.link}
                    aria-current={current ? 'page' : undefined}
                    className={`inline-block rounded-full border px-3 py-1.5 text-sm ${current ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-neutral-300 hover:border-brand-600 hover:text-brand-700'}`}
                  >
                    {s.title}
                  </AppLink>
                </li>
              )
            })}
          </ul>
        </nav>
        {services.length === 0 ? (
          <p className="text-neutral-600">{t('services.empty')}</p>
        ) : (
          <ul className="grid gap-6 tablet:grid-cols-2 laptop:grid-cols-3">
            {services.map((service) => (
              <li key={service.id} className="flex">
                <ServiceCard service={service} headingLevel="h2" showImage={false} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
