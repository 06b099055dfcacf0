import { lazy, useState, type ComponentType, type ReactNode } from 'react'
import type { QueryClient, QueryOptions } from '../../lib/query'
import type { EntityOf, PageProps, PageType } from '../../lib/entity'
import type { TRPC } from '../../lib/trpc'
import { cartQuery } from '../../components/commerce/cart-query'
import { favoritesQuery } from '../../components/product/favorites-query'
import { checkoutOptionsQuery } from '../checkout/use-checkout-options'
import { invoiceQuery, orderQuery, ordersListQuery } from '../orders/order-queries'
import { addressesQuery, socialProvidersQuery, userInfoQuery } from '../account/account-queries'

/**
 * A page component loaded on demand. `load()` is awaited by the route loader, so by the time
 * the page renders its module is there and it renders synchronously: no Suspense fallback in
 * the server HTML (a first render after start would otherwise stream an empty placeholder and
 * shift the layout) and no blank flash on client navigation. Before `load()` has run (the first
 * hydration in the browser) it falls back to React.lazy, which keeps the server HTML.
 */
/** A page module's default export: a function component (one may serve several types, e.g. catalog and section). */
type PageComponent<T extends PageType> = (props: PageProps<T>) => ReactNode

/** One live query a page shows, prefetched by the route loader (never throws: the page shows a failure itself). */
export type PageQuery = (queryClient: QueryClient) => Promise<void>

const prefetch =
  (options: QueryOptions<unknown, unknown>): PageQuery =>
  (queryClient) =>
    queryClient.prefetchQuery(options)

/**
 * The live queries of a page beside its entity (docs/decisions/022-*.md): what changes with the
 * visitor's own actions (cart, orders, profile, favorites). The route loader prefetches them with
 * the entity, on the server and in the browser alike; the SSR state carries them to hydration.
 */
type PageQueries<T extends PageType> = (entity: EntityOf<T>, trpc: TRPC) => PageQuery[]

export interface PageEntry<T extends PageType> {
  load: () => Promise<void>
  Component: PageComponent<T>
  queries: PageQueries<T>
}

function page<T extends PageType>(
  loader: () => Promise<{ default: PageComponent<T> }>,
  queries: PageQueries<T> = () => [],
): PageEntry<T> {
  type Props = PageProps<T>
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
  return { load, Component, queries }
}

const checkoutQueries = (_: unknown, trpc: TRPC) => [prefetch(cartQuery(trpc)), prefetch(checkoutOptionsQuery(trpc))]
/**
 * "Мои записи" and a visit's page: one module, one loader and the visits' query written here (not
 * imported: app/components/booking/booking-queries.ts would join the entry chunk; same key).
 */
const bookingPages = () => import('../booking/bookings-page')
const bookingQueries = (_: unknown, trpc: TRPC) => [prefetch(trpc.booking.mine.queryOptions())]
/** The social sign-in buttons are in the first HTML and the SSR state: no tRPC client on first load. */
const signInQueries = (_: unknown, trpc: TRPC) => [prefetch(socialProvidersQuery(trpc))]

/**
 * One lazily loaded component per page type (server/contracts/pages/*): a page ships only its own
 * code, and its props are typed by the page's data schema. A type missing here does not compile.
 * `redirect` is followed by the route loader and never rendered.
 */
const entityPages: { [T in PageType]: PageEntry<T> } = {
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
  cart: page(
    () => import('../cart/cart-page'),
    (_, trpc) => [prefetch(cartQuery(trpc))],
  ),
  checkout: page(() => import('./checkout'), checkoutQueries),
  'checkout-offline': page(() => import('./checkout'), checkoutQueries),
  promo: page(() => import('../cart/promo-page')),
  favorites: page(
    () => import('../catalog/favorites-page'),
    (_, trpc) => [prefetch(favoritesQuery(trpc))],
  ),
  search: page(() => import('../catalog/search-page')),
  login: page(() => import('../account/login-page'), signInQueries),
  registration: page(() => import('../account/registration-page'), signInQueries),
  'personal-info': page(
    () => import('../account/personal-info-page'),
    (_, trpc) => [prefetch(userInfoQuery(trpc)), prefetch(socialProvidersQuery(trpc))],
  ),
  'personal-addresses': page(
    () => import('../account/personal-addresses-page'),
    (_, trpc) => [prefetch(addressesQuery(trpc)), prefetch(userInfoQuery(trpc))],
  ),
  'personal-orders': page(
    () => import('../orders/orders-page'),
    (_, trpc) => [prefetch(ordersListQuery(trpc))],
  ),
  'personal-order': page(
    () => import('../orders/order-page'),
    ({ data }, trpc) => [prefetch(data.view === 'invoice' ? invoiceQuery(trpc, data.id) : orderQuery(trpc, data.id))],
  ),
  'personal-bookings': page(bookingPages, bookingQueries),
  'personal-booking': page(bookingPages, bookingQueries),
  'not-found': page(() => import('./not-found-page')),
}

/** The entry of a page type; `T` ties the component (and its queries) to the entity it is given. */
export function pageEntry<T extends PageType>(type: T): PageEntry<T> {
  return entityPages[type]
}
