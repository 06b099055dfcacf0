import { lazy, useState, type ComponentType } from 'react'
import type { EntityType, PageProps } from '../../lib/entity'

type Props = PageProps<never>
type Loader = () => Promise<{ default: ComponentType<Props> }>

/**
 * A page component loaded on demand. `load()` is awaited by the route loader, so by the time
 * the page renders its module is there and it renders synchronously: no Suspense fallback in
 * the server HTML (a first render after start would otherwise stream an empty placeholder and
 * shift the layout) and no blank flash on client navigation. Before `load()` has run (the first
 * hydration in the browser) it falls back to React.lazy, which keeps the server HTML.
 */
export interface PageEntry {
  load: () => Promise<void>
  Component: ComponentType<Props>
}

function page(loader: Loader): PageEntry {
  let Loaded: ComponentType<Props> | undefined
  const Lazy = lazy(loader)
  const load = () =>
    loader().then((m) => {
      Loaded = m.default
    })
  function Component(props: Props) {
    // Chosen once per mount: switching from Lazy to Loaded later would remount the page and
    // lose its state (an open filters dialog, a half-filled form).
    const [Chosen] = useState<ComponentType<Props>>(() => Loaded ?? Lazy)
    return <Chosen {...props} />
  }
  return { load, Component }
}

/**
 * One lazily loaded component per entity type: a page ships only its own code.
 * `redirect` is handled by the route loader and never rendered.
 */
export const entityPages: Record<Exclude<EntityType, 'redirect'>, PageEntry> = {
  index: page(() => import('../home/home-page')),
  catalog: page(() => import('../catalog/catalog-page')),
  'catalog-section': page(() => import('../catalog/catalog-page')),
  product: page(() => import('../catalog/product-page')),
  services: page(() => import('../services/services-page')),
  'services-section': page(() => import('../services/services-section-page')),
  service: page(() => import('../services/service-page')),
  blog: page(() => import('../blog/blog-page')),
  'blog-post': page(() => import('../blog/blog-post-page')),
  faq: page(() => import('../faq/faq-page')),
  page: page(() => import('../content/content-page')),
  cart: page(() => import('../cart/cart-page')),
  checkout: page(() => import('../checkout/checkout-page')),
  'checkout-offline': page(() => import('../checkout/checkout-page')),
  promo: page(() => import('../cart/promo-page')),
  favorites: page(() => import('../catalog/favorites-page')),
  search: page(() => import('../catalog/search-page')),
  login: page(() => import('../account/login-page')),
  registration: page(() => import('../account/registration-page')),
  'personal-info': page(() => import('../account/personal-info-page')),
  'personal-addresses': page(() => import('../account/personal-addresses-page')),
  'personal-orders': page(() => import('../orders/orders-page')),
  'personal-order': page(() => import('../orders/order-page')),
  'not-found': page(() => import('./not-found-page')),
}
