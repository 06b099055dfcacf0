import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { EntityType, PageProps } from '../../lib/entity'

type PageComponent = LazyExoticComponent<ComponentType<PageProps<never>>>

/**
 * One lazily loaded component per entity type: a page ships only its own code.
 * `redirect` is handled by the route loader and never rendered.
 */
export const entityPages: Record<Exclude<EntityType, 'redirect'>, PageComponent> = {
  index: lazy(() => import('../home/home-page')),
  catalog: lazy(() => import('../catalog/catalog-page')),
  'catalog-section': lazy(() => import('../catalog/catalog-page')),
  product: lazy(() => import('../catalog/product-page')),
  services: lazy(() => import('../services/services-page')),
  'services-section': lazy(() => import('../services/services-section-page')),
  service: lazy(() => import('../services/service-page')),
  blog: lazy(() => import('../blog/blog-page')),
  'blog-post': lazy(() => import('../blog/blog-post-page')),
  faq: lazy(() => import('../faq/faq-page')),
  page: lazy(() => import('../content/content-page')),
  cart: lazy(() => import('../cart/cart-page')),
  checkout: lazy(() => import('../checkout/checkout-page')),
  'checkout-offline': lazy(() => import('../checkout/checkout-page')),
  favorites: lazy(() => import('../catalog/favorites-page')),
  search: lazy(() => import('../catalog/search-page')),
  login: lazy(() => import('../account/login-page')),
  registration: lazy(() => import('../account/registration-page')),
  'personal-info': lazy(() => import('../account/personal-info-page')),
  'personal-addresses': lazy(() => import('../account/personal-addresses-page')),
  'personal-orders': lazy(() => import('../orders/orders-page')),
  'personal-order': lazy(() => import('../orders/order-page')),
  'not-found': lazy(() => import('./not-found-page')),
}
