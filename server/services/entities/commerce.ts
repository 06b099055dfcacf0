import { crumbs, type Resolvers, redirectEntity, type EntityOf } from './page'
import type { RedirectEntity } from '../../contracts/entity'
import type { commercePages } from '../../contracts/pages/commerce'
import type { Ctx } from '../../context'
import { canSeeOrder, orderNumberOf } from '../orders'
import { currentPromos } from '../cart'
import { t } from '../../contracts/i18n'
import '../../contracts/cart'

/** Cart, checkouts and personal orders. Their live data (cart lines, orders) comes from the commerce API. */
export const commerceResolvers: Resolvers<typeof commercePages> = {
  // The current offers: promo codes in force, their conditions as data (the page words them).
  promo: async (ctx) => {
    const title = t(ctx.locale, 'promo.title')
    return {
      type: 'promo',
      meta: { title, description: title, canonical: '/promo/' },
      breadcrumbs: crumbs(ctx, { label: title, link: '/promo/' }),
      data: { promos: await currentPromos(ctx) },
    }
  },
  cart: (ctx) => {
    const title = t(ctx.locale, 'page.cart')
    return {
      type: 'cart',
      meta: { title, description: '', noindex: true },
      breadcrumbs: crumbs(ctx, { label: title, link: '/cart/' }),
      data: {},
    }
  },
  checkout: (ctx) => {
    const title = t(ctx.locale, 'page.checkout')
    return {
      type: 'checkout',
      meta: { title, description: '', noindex: true },
      breadcrumbs: crumbs(ctx, { label: title, link: '/order/checkout/' }),
      data: {},
    }
  },
  'checkout-offline': (ctx) => {
    const title = t(ctx.locale, 'page.checkoutOffline')
    return {
      type: 'checkout-offline',
      meta: { title, description: '', noindex: true },
      breadcrumbs: crumbs(ctx, { label: title, link: '/order/offline/' }),
      data: {},
    }
  },
  'personal-orders': (ctx) => {
    if (ctx.session.userId === null) return redirectEntity('/login/?back=/personal/orders/')
    const title = t(ctx.locale, 'page.orders')
    return {
      type: 'personal-orders',
      meta: { title, description: '', noindex: true },
      breadcrumbs: crumbs(ctx, { label: title, link: '/personal/orders/' }),
      data: {},
    }
  },
  // A guest reaches their order (the confirmation page) from the session that placed it;
  // `/personal/orders/{id}/invoice/` is its invoice.
  'personal-order': (ctx, { id = '', view }) =>
    view === undefined ? orderEntity(ctx, id, 'detail') : view === 'invoice' ? orderEntity(ctx, id, 'invoice') : null,
}

async function orderEntity(
  ctx: Ctx,
  id: string,
  view: 'detail' | 'invoice',
): Promise<EntityOf<'personal-order'> | RedirectEntity | null> {
  if (!/^\d{1,12}$/.test(id)) return null
  const back = `/personal/orders/${id}/${view === 'invoice' ? 'invoice/' : ''}`
  if (!(await canSeeOrder(ctx, Number(id)))) {
    return ctx.session.userId === null ? redirectEntity(`/login/?back=${back}`) : null
  }
  const number = await orderNumberOf(ctx, Number(id))
  const title = t(ctx.locale, 'page.order', { number })
  const invoice = t(ctx.locale, 'page.invoice')
  const trail = [
    ...(ctx.session.userId !== null ? [{ label: t(ctx.locale, 'page.orders'), link: '/personal/orders/' }] : []),
    { label: title, link: `/personal/orders/${id}/` },
    ...(view === 'invoice' ? [{ label: invoice, link: back }] : []),
  ]
  return {
    type: 'personal-order',
    meta: {
      title: view === 'invoice' ? t(ctx.locale, 'page.invoiceOf', { number }) : title,
      description: '',
      noindex: true,
    },
    breadcrumbs: crumbs(ctx, ...trail),
    data: { id: Number(id), ...(view === 'invoice' ? { view: 'invoice' as const } : {}) },
  }
}
