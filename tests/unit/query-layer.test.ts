import { afterEach, describe, expect, it, vi } from 'vitest'
import { createElement as h, Suspense, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { QueryClient, QueryClientContext, useQuery, useSuspenseQuery, type QueryOptions } from '../../app/lib/query'
import { hashKey, matchesKey } from '../../app/lib/query/keys'
import { dehydrateEntry, hydrateEntries } from '../../app/lib/query/ssr'

/** The in-house query layer (ADR 027): the cache rules react-query gave the app, without a DOM. */
const answer = <T>(value: T) => vi.fn((_ctx: { signal: AbortSignal }) => Promise.resolve(value))
const options = <T>(key: unknown[], queryFn: QueryOptions<T>['queryFn'], staleTime?: number): QueryOptions<T> => ({
  queryKey: key,
  queryFn,
  staleTime,
})
/** An observer as a mounted component registers it. */
const mount = (client: QueryClient, key: unknown[], enabled = true) =>
  client.subscribe(client.entry(key), { notify: () => undefined, isEnabled: () => enabled })

afterEach(() => void vi.useRealTimers())

describe('query keys', () => {
  it('hash plain objects whatever the order of their fields', () => {
    expect(hashKey([['cart', 'get'], { input: { b: 1, a: 2 }, type: 'query' }])).toBe(
      hashKey([['cart', 'get'], { type: 'query', input: { a: 2, b: 1 } }]),
    )
    expect(hashKey(['a', { x: 1 }])).not.toBe(hashKey(['a', { x: 2 }]))
  })
  it('match a filter as a prefix: a procedure without input reaches all its inputs', () => {
    const key = [['orders', 'get'], { input: { id: 7 }, type: 'query' }]
    expect(matchesKey(key, [['orders', 'get'], { type: 'query' }])).toBe(true)
    expect(matchesKey(key, [['orders', 'get'], { input: { id: 8 }, type: 'query' }])).toBe(false)
    expect(matchesKey(key, [['orders', 'list'], { type: 'query' }])).toBe(false)
  })
})

describe('the query client', () => {
  it('answers from the cache while fresh, fetches once for concurrent callers, again when stale', async () => {
    vi.useFakeTimers({ now: 1_000_000 })
    const client = new QueryClient({ staleTime: 30_000 })
    const fn = answer('x')
    const [a, b] = await Promise.all([client.fetchQuery(options(['k'], fn)), client.fetchQuery(options(['k'], fn))])
    expect([a, b, fn.mock.calls.length]).toEqual(['x', 'x', 1])
    vi.setSystemTime(1_000_000 + 29_000)
    await client.fetchQuery(options(['k'], fn))
    expect(fn).toHaveBeenCalledTimes(1)
    vi.setSystemTime(1_000_000 + 31_000)
    await client.fetchQuery(options(['k'], fn))
    expect(fn).toHaveBeenCalledTimes(2)
    // ensureQueryData takes any cached data, prefetchQuery never rejects.
    await client.ensureQueryData(options(['k'], fn, 0))
    expect(fn).toHaveBeenCalledTimes(2)
    await expect(client.prefetchQuery(options(['bad'], () => Promise.reject(new Error('no'))))).resolves.toBeUndefined()
    expect(client.entry(['bad']).state).toMatchObject({ status: 'error', error: { message: 'no' } })
  })

  it('tries a failed fetch once more (retry 1), then keeps the failure', async () => {
    const client = new QueryClient({ retry: 1, retryDelay: 0 })
    const flaky = vi.fn().mockRejectedValueOnce(new Error('once')).mockResolvedValue('ok')
    await expect(client.fetchQuery(options(['a'], flaky))).resolves.toBe('ok')
    expect(flaky).toHaveBeenCalledTimes(2)
    const broken = vi.fn().mockRejectedValue(new Error('down'))
    await expect(client.fetchQuery(options(['b'], broken))).rejects.toThrow('down')
    expect(broken).toHaveBeenCalledTimes(2)
  })

  it('invalidates matching entries and refetches those a mounted reader shows', async () => {
    const client = new QueryClient({ staleTime: 60_000 })
    const shown = answer(1)
    const hidden = answer(2)
    const other = answer(3)
    await client.fetchQuery(options([['cart', 'get'], { type: 'query' }], shown))
    await client.fetchQuery(options([['cart', 'get'], { input: 5, type: 'query' }], hidden))
    await client.fetchQuery(options([['site', 'shell'], { type: 'query' }], other))
    mount(client, [['cart', 'get'], { type: 'query' }])
    await client.invalidateQueries({ queryKey: [['cart', 'get'], { type: 'query' }] })
    expect([shown.mock.calls.length, hidden.mock.calls.length, other.mock.calls.length]).toEqual([2, 1, 1])
    // The hidden one is stale now: its next reader fetches it.
    expect(client.isStale(client.entry([['cart', 'get'], { input: 5, type: 'query' }]))).toBe(true)
    expect(client.isStale(client.entry([['site', 'shell'], { type: 'query' }]))).toBe(false)
    client.removeQueries({ type: 'inactive' })
    expect(client.getAll().map((e) => e.hash)).toEqual([hashKey([['cart', 'get'], { type: 'query' }])])
  })

  it('drops a cancelled fetch and puts the entry back as it was (optimistic favorites)', async () => {
    const client = new QueryClient()
    client.setQueryData(['fav'], ['old'])
    let resolve: (v: string[]) => void = () => undefined
    const slow = vi.fn(() => new Promise<string[]>((r) => (resolve = r)))
    const fetching = client.fetchQuery(options(['fav'], slow))
    expect(client.entry(['fav']).state.isFetching).toBe(true)
    await client.cancelQueries({ queryKey: ['fav'] })
    client.setQueryData<string[]>(['fav'], (prev) => [...(prev ?? []), 'new'])
    resolve(['server'])
    await expect(fetching).rejects.toThrow('cancelled')
    expect(client.getQueryData(['fav'])).toEqual(['old', 'new'])
    expect(client.entry(['fav']).state.isFetching).toBe(false)
  })

  it('forgets an entry nobody reads after gcTime, keeps one that is read', async () => {
    vi.useFakeTimers()
    const client = new QueryClient({ gcTime: 5 * 60_000 })
    await client.fetchQuery(options(['unused'], answer(1)))
    await client.fetchQuery(options(['read'], answer(2)))
    const unmount = mount(client, ['read'])
    vi.advanceTimersByTime(5 * 60_000 + 1)
    expect(client.getQueryData(['unused'])).toBeUndefined()
    expect(client.getQueryData(['read'])).toBe(2)
    unmount()
    vi.advanceTimersByTime(5 * 60_000 + 1)
    expect(client.getAll()).toEqual([])
  })

  it('tells readers of changes in the next task, once for several writes (mutate callbacks act first)', () => {
    vi.useFakeTimers()
    const client = new QueryClient()
    const notify = vi.fn()
    client.subscribe(client.entry(['cart']), { notify, isEnabled: () => true })
    client.setQueryData(['cart'], 1)
    client.setQueryData(['cart'], 2)
    expect(notify).not.toHaveBeenCalled()
    expect(client.getQueryData(['cart'])).toBe(2)
    vi.runAllTimers()
    expect(notify).toHaveBeenCalledTimes(1)
  })

  it('has no timers on the server: a request client is cleared with its render', () => {
    expect(new QueryClient().config.gcTime).toBe(Infinity)
  })
})

describe('server state into the browser', () => {
  it('keeps the newer entry: the personal state seeded before hydration wins over the shared render', () => {
    const server = new QueryClient()
    server.setQueryData(['cart'], { quantity: 0 }, { updatedAt: 100 })
    server.setQueryData(['shell'], { city: 'Moscow' }, { updatedAt: 100 })
    void server.prefetchQuery(options(['never'], () => new Promise(() => undefined)))
    const sent = server.getAll().flatMap((e) => dehydrateEntry(e) ?? [])
    expect(sent.map((e) => e.queryKey)).toEqual([['cart'], ['shell']])

    const browser = new QueryClient()
    browser.setQueryData(['cart'], { quantity: 3 }, { updatedAt: 200 })
    hydrateEntries(browser, JSON.parse(JSON.stringify(sent)) as typeof sent)
    expect(browser.getQueryData(['cart'])).toEqual({ quantity: 3 })
    expect(browser.entry(['shell']).state).toMatchObject({
      data: { city: 'Moscow' },
      updatedAt: 100,
      status: 'success',
    })
  })

  it('carries a failure as an error with its name, message and tRPC data', async () => {
    const server = new QueryClient()
    const failure = Object.assign(new Error('Not yours'), { name: 'TRPCClientError', data: { code: 'FORBIDDEN' } })
    await server.prefetchQuery(options(['invoice'], () => Promise.reject(failure)))
    const sent = server.getAll().flatMap((e) => dehydrateEntry(e) ?? [])
    const browser = new QueryClient()
    hydrateEntries(browser, JSON.parse(JSON.stringify(sent)) as typeof sent)
    const { state } = browser.entry(['invoice'])
    expect(state.status).toBe('error')
    expect(state.error).toBeInstanceOf(Error)
    expect(state.error).toMatchObject({ name: 'TRPCClientError', message: 'Not yours', data: { code: 'FORBIDDEN' } })
  })
})

async function renderOnServer(client: QueryClient, node: ReactNode, errors: string[] = []): Promise<string> {
  const { prelude } = await prerender(
    h(QueryClientContext, { value: client }, h(Suspense, { fallback: 'loading' }, node)),
    { onError: (e) => void errors.push((e as Error).message) },
  )
  return new Response(prelude).text()
}

describe('the hooks in a server render', () => {
  function Shell() {
    return h('p', null, useSuspenseQuery(options(['shell'], answer('Moscow'))).data)
  }
  function Lazy() {
    const q = useQuery(options(['lazy'], answer('never fetched here')))
    return h('p', null, q.isPending ? 'pending' : q.data)
  }
  it('suspend on a miss and render the answer, which stays in the cache for the browser', async () => {
    const client = new QueryClient()
    expect(await renderOnServer(client, [h(Shell, { key: 1 }), h(Lazy, { key: 2 })])).toContain(
      '<p>Moscow</p><p>pending</p>',
    )
    expect(client.getQueryData(['shell'])).toBe('Moscow')
    expect(client.getQueryData(['lazy'])).toBeUndefined()
  })
  it('throw a failed suspense query (the server render reports it; in the browser the error boundary shows it)', async () => {
    function Broken() {
      return h('p', null, useSuspenseQuery(options(['b'], () => Promise.reject(new Error('down')))).data as string)
    }
    const errors: string[] = []
    const html = await renderOnServer(new QueryClient(), h(Broken), errors)
    expect(errors).toEqual(['down'])
    expect(html).not.toContain('<p>')
  })
})
