import { z } from 'zod'
import { definePage } from './define'
import { ImageRef } from '../catalog'
import { ServiceCard, ServiceParamSchema, ServiceSectionSummary } from '../services'
import { SectionLink } from '../site'

/** The salon services: all sections, one section, one service with its price calculator and booking form. */

export const ServicesData = z.object({ sections: z.array(ServiceSectionSummary) })

export const ServicesSectionData = z.object({
  section: z.object({ id: z.number().int(), title: z.string(), description: z.string(), image: ImageRef }),
  services: z.array(ServiceCard),
  /** Other sections, for moving sideways. */
  sections: z.array(SectionLink),
})

/** A form as /api/form/{code}/ describes it (the service page shows the `service-booking` one). */
export const BookingForm = z.object({
  code: z.string(),
  title: z.string(),
  fields: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      /** The stored field's English label, sent as stored (`label` is already in the page's language). */
      labelEn: z.string().optional(),
      type: z.enum(['text', 'phone', 'email', 'textarea', 'date', 'select']),
      required: z.boolean(),
      minLength: z.number().int().optional(),
      maxLength: z.number().int().optional(),
      options: z.array(z.string()).optional(),
      /** The options as the visitor reads them (page language); default the options themselves. */
      optionLabels: z.array(z.string()).optional(),
      /** `services`: the options are the shop's services, read at request time. */
      optionsFrom: z.literal('services').optional(),
    }),
  ),
})

export const ServiceData = z.object({
  service: z.object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    basePrice: z.number().int(),
    durationMin: z.number().int(),
    params: z.array(ServiceParamSchema),
    /** Price for the default inputs, computed on the server. */
    price: z.number().int(),
    priceFrom: z.number().int(),
    image: ImageRef,
    /** Booked online (salon, master, time: `booking.*`); false: only the request form (issue 26). */
    bookableOnline: z.boolean(),
  }),
  section: z.object({ title: z.string(), link: z.string() }),
  related: z.array(ServiceCard),
  /** The generic `service-booking` form, or null when the shop has none. */
  booking: BookingForm.nullable(),
  /** Values the booking form starts with (the `service` select preset to this service when listed). */
  bookingDefaults: z.record(z.string(), z.string()),
})

export const servicesPage = definePage({
  type: 'services',
  pattern: '/services/',
  data: ServicesData,
  description: 'Every service section with its services',
})

export const servicesSectionPage = definePage({
  type: 'services-section',
  pattern: '/services/{section}/',
  data: ServicesSectionData,
  description: 'One service section: its services and the other sections',
})

export const servicePage = definePage({
  type: 'service',
  pattern: '/services/{section}/{service}/',
  data: ServiceData,
  description: 'One service: its price parameters, the price for the defaults, related services, the booking form',
})

/** In match order. */
export const servicesPages = [servicesPage, servicesSectionPage, servicePage] as const
