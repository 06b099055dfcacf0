import { z } from 'zod'
import { definePage, NoData } from './define'

/** Offers, the cart, the checkouts and the personal orders. Cart lines and orders come live from the commerce API. */

export const PublicPromo = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number().int(),
  minSum: z.number().int(),
  /** Epoch milliseconds. */
  validFrom: z.number().int().nullable(),
  validTo: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  perCustomerLimit: z.number().int().nullable(),
})

export const PromoData = z.object({ promos: z.array(PublicPromo) })

export const OrderPageData = z.object({
  id: z.number().int(),
  /** Present on the invoice view (`/personal/orders/{id}/invoice/`). */
  view: z.literal('invoice').optional(),
})

export const promoPage = definePage({
  type: 'promo',
  pattern: '/promo/',
  data: PromoData,
  description: 'Promo codes in force and their conditions (the page words them)',
})

export const cartPage = definePage({
  type: 'cart',
  pattern: '/cart/',
  local: true,
  data: NoData,
  description: 'The cart (its lines come from /api/cart-list/)',
})

export const checkoutPage = definePage({
  type: 'checkout',
  pattern: '/order/checkout/',
  local: true,
  data: NoData,
  description: 'The checkout',
})

export const checkoutOfflinePage = definePage({
  type: 'checkout-offline',
  pattern: '/order/offline/',
  local: true,
  data: NoData,
  description: 'The checkout with payment on delivery',
})

export const ordersPage = definePage({
  type: 'personal-orders',
  pattern: '/personal/orders/',
  local: true,
  data: NoData,
  description: "The customer's orders (from /api/orders-list/); visitors are redirected to /login/",
})

export const orderPage = definePage({
  type: 'personal-order',
  pattern: ['/personal/orders/{id}/', '/personal/orders/{id}/{view}/'],
  local: true,
  data: OrderPageData,
  description: 'One order (details from /api/order/), or its invoice; a guest sees the order their session placed',
})

/** In match order. */
export const commercePages = [promoPage, cartPage, checkoutPage, checkoutOfflinePage, ordersPage, orderPage] as const
