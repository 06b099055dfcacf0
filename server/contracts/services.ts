/**
 * Services and the price calculator. `calculateServicePrice` (in ./service-price, zod-free) is
 * the one price rule: the server answers `/api/service-price/` with it and the service page shows
 * the same function's result as the visitor changes the inputs, so the two can never disagree.
 */
import { z } from 'zod'
import { id } from './common'
import type { ServiceParamDef } from './service-price'

export * from './service-price'

// --- API shapes -------------------------------------------------------------------------

const scalar = z.union([z.string().max(100), z.number()])

export const ServicePriceInput = z.object({
  id: id(),
  /** `values[length]=long&values[strands]=100`; missing inputs take their defaults. */
  values: z.record(z.string().max(50), scalar).optional().default({}),
})
export type ServicePriceInput = z.input<typeof ServicePriceInput>

export const ServicePriceResult = z.object({
  id: z.number().int(),
  basePrice: z.number().int(),
  price: z.number().int(),
  values: z.record(z.string(), scalar),
})
export type ServicePriceResult = z.infer<typeof ServicePriceResult>

export const ServiceParamSchema = z.object({
  code: z.string(),
  label: z.string(),
  kind: z.enum(['select', 'number']),
  options: z.array(z.object({ value: z.string(), label: z.string(), percent: z.number() })).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().optional(),
  perUnit: z.number().optional(),
  unit: z.string().optional(),
})

const Image = z.object({ src: z.string(), width: z.number().int(), height: z.number().int(), alt: z.string() })

export const ServiceCard = z.object({
  id: z.number().int(),
  title: z.string(),
  link: z.string(),
  description: z.string(),
  priceFrom: z.number().int(),
  durationMin: z.number().int(),
  image: Image,
})
export type ServiceCard = z.infer<typeof ServiceCard>

export const ServiceSectionSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  link: z.string(),
  description: z.string(),
  image: Image,
  services: z.array(ServiceCard),
})
export type ServiceSectionSummary = z.infer<typeof ServiceSectionSummary>

export interface ServicesData {
  sections: ServiceSectionSummary[]
}

export interface ServicesSectionData {
  section: { id: number; title: string; description: string; image: ServiceCard['image'] }
  services: ServiceCard[]
  /** Other sections, for moving sideways. */
  sections: { id: number; title: string; link: string }[]
}

export interface BookingForm {
  code: string
  title: string
  fields: {
    name: string
    label: string
    type: 'text' | 'phone' | 'email' | 'textarea' | 'date' | 'select'
    required: boolean
    minLength?: number
    maxLength?: number
    options?: string[]
    /** The options as the visitor reads them (page language); default the options themselves. */
    optionLabels?: string[]
  }[]
}

export interface ServiceData {
  service: {
    id: number
    title: string
    description: string
    basePrice: number
    durationMin: number
    params: ServiceParamDef[]
    /** Price for the default inputs, computed on the server. */
    price: number
    priceFrom: number
    image: ServiceCard['image']
    /** Booked online (salon, master, time: `booking.*`); false: only the request form below (issue 26). */
    bookableOnline: boolean
  }
  section: { title: string; link: string }
  related: ServiceCard[]
  /** The generic `service-booking` form, or null when the shop has none. */
  booking: BookingForm | null
  /** Values the booking form starts with (the `service` select preset to this service when listed). */
  bookingDefaults: Record<string, string>
}
