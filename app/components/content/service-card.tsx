import type { ServiceCard as Service } from '../../../server/contracts/services'
import { AppLink } from '../ui/app-link'
import { formatDuration, formatPrice } from '../../shell/format'
import { useLocale, useT } from '../../lib/i18n'
import '../../lib/messages/content'

/** A service teaser (services pages, related services, home page). The whole card is one link; "Записаться" leads to its booking. */
export function ServiceCard({
  service,
  headingLevel = 'h3',
  showImage = true,
}: {
  service: Service
  headingLevel?: 'h2' | 'h3'
  showImage?: boolean
}) {
  const t = useT()
  const locale = useLocale()
  const Heading = headingLevel
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white transition focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      {showImage && (
        <img
          src={service.image.src}
          width={service.image.width}
          height={service.image.height}
          alt=""
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] h-auto w-full bg-neutral-100 object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-lg leading-snug font-semibold">
          <AppLink
            to={service.link}
            className="after:absolute after:inset-0 group-hover:text-brand-700 focus-visible:outline-none"
          >
            {service.title}
          </AppLink>
        </Heading>
        <p className="line-clamp-2 text-sm text-neutral-600">{service.description}</p>
        <p className="mt-auto flex items-baseline justify-between gap-2 pt-2">
          <span className="font-semibold">{t('services.from', { price: formatPrice(service.priceFrom) })}</span>
          <span className="text-sm text-neutral-500">{formatDuration(service.durationMin, locale)}</span>
        </p>
        {/* Above the card's own link: straight to the service page's booking. */}
        <AppLink
          to={service.link}
          hash="booking"
          aria-label={`${t('services.book')}: ${service.title}`}
          className="relative z-10 mt-2 inline-flex min-h-11 items-center self-start rounded-full border border-brand-600 px-4 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {t('services.book')}
        </AppLink>
      </div>
    </article>
  )
}
