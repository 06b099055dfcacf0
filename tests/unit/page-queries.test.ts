import { QueryClient, type QueryOptions } from '../../app/lib/query'
import { dehydrateEntry, hydrateEntries } from '../../app/lib/query/ssr'
import type { TRPCClient } from '@trpc/client'
import { describe, expect, it, vi } from 'vitest'
import type { AppRouter } from '../../server/trpc/root'
import type { EntityOf, PageType } from '../../app/lib/entity'
import { createOptionsProxy } from '../../app/lib/trpc-proxy'

// app/lib/trpc.ts wires the whole server in; the pages' query definitions need only its type.
vi.mock('../../app/lib/trpc', () => ({ useTRPC: () => undefined }))

const { pageEntry } = await import('../../app/features/pages/entity-registry')
const { cartQuery } = await import('../../app/shell/use-cart')
const { favoritesQuery } = await import('../../app/components/product/use-favorites')
const { checkoutOptionsQuery } = await import('../../app/features/checkout/use-checkout-options')
const { invoiceQuery, orderQuery, ordersListQuery } = await import('../../app/features/orders/order-queries')
const { addressesQuery, socialProvidersQuery, userInfoQuery } =
  await import('../../app/features/account/account-queries')
const { myBookingsQuery } = await import('../../app/components/booking/booking-queries')

type Trpc = ReturnType<typeof createOptionsProxy<AppRouter>>

/** A tRPC client that answers every query with its own path and records the calls. */
function recordingTrpc() {
  const calls: string[] = []
  const node = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_t, key) =>
        key === 'then' || typeof key !== 'string'
          ? undefined
          : key === 'query'
            ? (input: unknown) => {
                calls.push(path.join('.') + (input === undefined ? '' : JSON.stringify(input)))
                return Promise.resolve({ from: path.join('.') })
              }
            : node([...path, key]),
    })
  const trpc = createOptionsProxy<AppRouter>(() => Promise.resolve(node([]) as TRPCClient<AppRouter>))
  return { trpc, calls }
}

const entity = <T extends PageType>(type: T, data: object) =>
  ({ type, meta: { title: '', description: '' }, breadcrumbs: [], data }) as unknown as EntityOf<T>

/** Each page type, the procedures its loader asks for, and the queries its components read. */
const cases: [PageType, object, string[], (trpc: Trpc) => QueryOptions<unknown, unknown>[]][] = [
  ['cart', {}, ['cart.get'], (t) => [cartQuery(t)]],
  ['checkout', {}, ['cart.get', 'orders.checkoutOptions'], (t) => [cartQuery(t), checkoutOptionsQuery(t)]],
  ['checkout-offline', {}, ['cart.get', 'orders.checkoutOptions'], (t) => [cartQuery(t), checkoutOptionsQuery(t)]],
  ['personal-orders', {}, ['orders.list'], (t) => [ordersListQuery(t)]],
  ['personal-order', { id: 7 }, ['orders.get{"id":7}'], (t) => [orderQuery(t, 7)]],
  ['personal-order', { id: 7, view: 'invoice' }, ['orders.invoice{"id":7}'], (t) => [invoiceQuery(t, 7)]],
  ['personal-info', {}, ['user.info', 'user.socialProviders{}'], (t) => [userInfoQuery(t), socialProvidersQuery(t)]],
  ['login', {}, ['user.socialProviders{}'], (t) => [socialProvidersQuery(t)]],
  ['registration', {}, ['user.socialProviders{}'], (t) => [socialProvidersQuery(t)]],
  ['personal-addresses', {}, ['user.addresses', 'user.info'], (t) => [addressesQuery(t), userInfoQuery(t)]],
  ['favorites', { items: [] }, ['favorites.list'], (t) => [favoritesQuery(t)]],
  // The registry writes the visits' query itself (ADR 047): the pages' key must be the same.
  ['personal-bookings', {}, ['booking.mine'], (t) => [myBookingsQuery(t)]],
  ['personal-booking', { id: 7, cancelHours: 12 }, ['booking.mine'], (t) => [myBookingsQuery(t)]],
  ['faq', { groups: [] }, [], () => []],
]

describe('every page gets its data one way: the route loader, the SSR state, no second fetch', () => {
  it.each(cases)('%s %o', async (type, data, asked, read) => {
    // The server: the loader prefetches what the page's entry names.
    const server = recordingTrpc()
    const serverClient = new QueryClient()
    await Promise.all(
      pageEntry(type)
        .queries(entity(type, data), server.trpc)
        .map((prefetch) => prefetch(serverClient)),
    )
    expect(server.calls.sort()).toEqual([...asked].sort())

    // The browser: hydrated from the SSR state, the page's own queries are there and fresh.
    const browser = recordingTrpc()
    const browserClient = new QueryClient({ staleTime: 30_000 })
    const dehydrated = serverClient.getAll().flatMap((e) => dehydrateEntry(e) ?? [])
    hydrateEntries(browserClient, JSON.parse(JSON.stringify(dehydrated)) as typeof dehydrated)
    for (const options of read(browser.trpc)) {
      // Read as a mounting page would: fetched again only if missing or stale.
      await browserClient.fetchQuery(options)
      const entry = browserClient.entry(options.queryKey)
      expect(entry.state.status, String(options.queryKey)).toBe('success')
    }
    expect(browser.calls).toEqual([])
  })
})
