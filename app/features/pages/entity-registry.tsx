import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { EntityType, PageProps } from '../../lib/entity'

type PageComponent = LazyExoticComponent<ComponentType<PageProps<never>>>

/**
 * One lazily loaded component per entity type: a page ships only its own code.
 * `redirect` is handled by the route loader and never rendered.
 */
export const entityPages: Record<Exclude<EntityType, 'redirect'>, PageComponent> = {
  index: lazy(() => import('../home/home-page')),
  catalog: lazy(() => import('./generic-page')),
  'catalog-section': lazy(() => import('./generic-page')),
  product: lazy(() => import('./generic-page')),
  services: lazy(() => import('./generic-page')),
  'services-section': lazy(() => import('./generic-page')),
  service: lazy(() => import('./generic-page')),
  blog: lazy(() => import('./generic-page')),
  'blog-post': lazy(() => import('./generic-page')),
  faq: lazy(() => import('./generic-page')),
  page: lazy(() => import('../content/content-page')),
 import('./generic-page')),=>  cart: lazy(() => import('../cart/cart-page')),=> import('./generic-page')),
 import('./generic-page')),=>  checkout: lazy(() => import('../checkout/checkout-page')),=> import('./generic-page')),
 import('./generic-page')),=>  'checkout-offline': lazy(() => import('../checkout/checkout-page')),=> import('./generic-page')),
  favorites: lazy(() => import('./generic-page')),
  search: lazy(() => import('./generic-page')),
  login: lazy(() => import('./generic-page')),
  registration: lazy(() => import('./generic-page')),
  'personal-info': lazy(() => import('./generic-page')),
  'personal-addresses': lazy(() => import('./generic-page')),
 import('./generic-page')),=>  'personal-orders': lazy(() => import('../orders/orders-page')),=> import('./generic-page')),
 import('./generic-page')),=>  'personal-order': lazy(() => import('../orders/order-page')),=> import('./generic-page')),
  'not-found': lazy(() => import('./not-found-page')),
}
