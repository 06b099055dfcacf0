import { t } from '../../contracts/i18n'
import type { Ctx } from '../../context'
import { crumbs, type Resolvers } from './page'
import type { servicesPages } from '../../contracts/pages/services'
import type { BookingForm, ServiceData, ServicesData, ServicesSectionData } from '../../contracts/services'
import { calculateServicePrice, defaultServiceValues, minServicePrice } from '../../contracts/services'
import {
  findSection,
  findService,
  listServiceSections,
  localizedParams,
  sectionImage,
  sectionLink,
  sectionTitle,
  serviceCards,
  describe,
} from '../services'
import { localizedText } from '../../contracts/localized'
import { formDefinition } from '../forms'
import { metaDescription } from '../content'
import { AppError } from '../../errors'

const servicesCrumb = (ctx: Ctx) => ({ label: t(ctx.locale, 'page.services'), link: '/services/' })

async function bookingForm(ctx: Ctx): Promise<BookingForm | null> {
  try {
    return await formDefinition(ctx, 'service-booking')
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null
    throw err
  }
}

/** The booking form's `service` select lists services by their Russian titles: preset this one when listed. */
function bookingDefaults(booking: BookingForm | null, titleRu: string): Record<string, string> {
  const field = booking?.fields.find((f) => f.type === 'select' && f.name === 'service')
  return field?.options?.includes(titleRu) ? { [field.name]: titleRu } : {}
}

export const servicesResolvers: Resolvers<typeof servicesPages> = {
  services: async (ctx) => {
    const cards = await serviceCards(ctx)
    const sections = (await listServiceSections(ctx)).map((s, index) => {
      const title = sectionTitle(ctx, s)
      const link = sectionLink(s.slug)
      return {
        id: s.id,
        title,
        link,
        description: describe(ctx, s),
        image: sectionImage(index + 1, ''),
        services: cards.filter((c) => c.link.startsWith(link)),
      }
    })
    const data: ServicesData = { sections }
    return {
      type: 'services',
      meta: {
        title: t(ctx.locale, 'page.servicesTitle'),
        description: t(ctx.locale, 'page.servicesDescription'),
        canonical: '/services/',
      },
      breadcrumbs: crumbs(ctx, servicesCrumb(ctx)),
      data,
    }
  },
  'services-section': async (ctx, { section: slug = '' }) => {
    const found = await findSection(ctx, slug)
    if (!found) return null
    const { row, index, sections } = found
    const title = sectionTitle(ctx, row)
    const link = sectionLink(row.slug)
    const data: ServicesSectionData = {
      section: { id: row.id, title, description: describe(ctx, row), image: sectionImage(index + 1, '') },
      services: await serviceCards(ctx, { sectionId: row.id }),
      sections: sections.map((s) => ({ id: s.id, title: sectionTitle(ctx, s), link: sectionLink(s.slug) })),
    }
    return {
      type: 'services-section',
      meta: {
        title,
        description: metaDescription(describe(ctx, row)),
        canonical: link,
        image: data.section.image.src,
      },
      breadcrumbs: crumbs(ctx, servicesCrumb(ctx), { label: title, link }),
      data,
    }
  },
  service: async (ctx, { section: sectionSlug = '', service: slug = '' }) => {
    const found = await findService(ctx, sectionSlug, slug)
    if (!found) return null
    const { row, section } = found
    const title = localizedText(row, 'title', ctx.locale)
    const secTitle = sectionTitle(ctx, section.row)
    const secLink = sectionLink(section.row.slug)
    const link = `${secLink}${row.slug}/`
    const image = sectionImage(section.index + 1, title)
    const booking = await bookingForm(ctx)
    const data: ServiceData = {
      service: {
        id: row.id,
        title,
        description: describe(ctx, row),
        basePrice: row.basePrice,
        durationMin: row.durationMin,
        params: localizedParams(ctx, row),
        price: calculateServicePrice(row, defaultServiceValues(row.params)),
        priceFrom: minServicePrice(row),
        image,
        bookableOnline: row.bookableOnline,
      },
      section: { title: secTitle, link: secLink },
      related: await serviceCards(ctx, { sectionId: section.row.id, excludeId: row.id, limit: 3 }),
      booking,
      bookingDefaults: bookingDefaults(booking, row.title),
    }
    return {
      type: 'service',
      meta: { title, description: metaDescription(describe(ctx, row)), canonical: link, image: image.src },
      breadcrumbs: crumbs(ctx, servicesCrumb(ctx), { label: secTitle, link: secLink }, { label: title, link }),
      data,
    }
  },
}
