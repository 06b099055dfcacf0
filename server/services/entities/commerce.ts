import type { EntityResolver } from '../entity'
import { crumbs, redirectEntity } from '../entity'

const en = (locale: string) => locale === 'en'

/** Cart, checkouts and personal orders. Their live data (cart lines, orders) comes from the commerce API. */
export const commerceEntities: EntityResolver[] = [
  {
    pattern: '/cart/',
    local: true,
    resolve: (ctx) => {
      const title = en(ctx.locale) ? 'Cart' : 'Корзина'
      return { type: 'cart', meta: { title, description: '', noindex: true }, breadcrumbs: crumbs(ctx, { label: title, link: '/cart/' }), data: {} }
    },
  },
  {
    pattern: '/order/checkout/',
    local: true,
    resolve: (ctx) => {
      const title = en(ctx.locale) ? 'Checkout' : 'Оформление заказа'
      return { type: 'checkout', meta: { title, description: '', noindex: true }, breadcrumbs: crumbs(ctx, { label: title, link: '/order/checkout/' }), data: {} }
    },
  },
  {
    pattern: '/order/offline/',
    local: true,
    resolve: (ctx) => {
      const title = en(ctx.locale) ? 'Order with payment on delivery' : 'Заказ с оплатой при получении'
      return { type: 'checkout-offline', meta: { title, description: '', noindex: true }, breadcrumbs: crumbs(ctx, { label: title, link: '/order/offline/' }), data: {} }
    },
  },
  {
    pattern: '/personal/orders/',
    local: true,
    resolve: (ctx) => {
      if (ctx.session.userId === null) return redirectEntity('/login/?back=/personal/orders/')
      const title = en(ctx.locale) ? 'My orders' : 'Мои заказы'
      return { type: 'personal-orders', meta: { title, description: '', noindex: true }, breadcrumbs: crumbs(ctx, { label: title, link: '/personal/orders/' }), data: {} }
    },
  },
  {
    pattern: '/personal/orders/{id}/',
    local: true,
    resolve: (ctx, { id = '' }) => {
      if (!/^\d{1,12}$/.test(id)) return null
      const title = `${en(ctx.locale) ? 'Order' : 'Заказ'}`
      return {
        type: 'personal-order',
        meta: { title, description: '', noindex: true },
        breadcrumbs: crumbs(ctx, { label: en(ctx.locale) ? 'My orders' : 'Мои заказы', link: '/personal/orders/' }, { label: title, link: `/personal/orders/${id}/` }),
        data: { id: Number(id) },
      }
    },
  },
]
