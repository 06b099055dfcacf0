import type { AnyRouter } from '@tanstack/react-router'
import type { QueryClient, QueryEntry, QueryStatus } from './client'

/**
 * The query cache from the server render to the browser (ADR 027), through TanStack Router's own
 * `dehydrate` / `hydrate` options: what the loaders fetched goes with the router's state, what
 * the render fetched afterwards (useSuspenseQuery) follows on a stream closed when the render
 * ends. In the browser an entry replaces a cached one only if newer (`updatedAt`): the shopper's
 * personal state seeded before (ADR 021) wins over the shared render's copies.
 */
/** Keys and answers are JSON (tRPC inputs and outputs): what the router's serializer takes. */
type Json = string | number | boolean | null | undefined | readonly Json[] | { readonly [key: string]: Json }

export interface DehydratedEntry {
  queryKey: readonly Json[]
  status: Exclude<QueryStatus, 'pending'>
  data?: Json
  error?: { name: string; message: string; data?: Json }
  updatedAt: number
}

export interface DehydratedQueries {
  initial: DehydratedEntry[]
  stream: ReadableStream<DehydratedEntry[]>
}

export function dehydrateEntry(entry: QueryEntry): DehydratedEntry | null {
  const { status, data, error, updatedAt } = entry.state
  if (status === 'pending') return null
  const failure = error && {
    name: error.name,
    message: error.message,
    data: (error as Error & { data?: Json }).data,
  }
  const queryKey = entry.queryKey as readonly Json[]
  return {
    queryKey,
    status,
    updatedAt,
    ...(status === 'success' ? { data: data as Json } : { error: failure ?? undefined }),
  }
}

export function hydrateEntries(client: QueryClient, entries: readonly DehydratedEntry[]) {
  for (const { queryKey, status, data, error, updatedAt } of entries) {
    const entry = client.entry(queryKey)
    if (entry.state.updatedAt >= updatedAt) continue
    const failure = error ? Object.assign(new Error(error.message), { name: error.name, data: error.data }) : null
    client.setState(entry, {
      status,
      data: status === 'success' ? data : entry.state.data,
      error: failure,
      updatedAt,
      isInvalidated: false,
    })
  }
}

/** Server: the entries settled so far, and a stream of those settling until the render ends. */
export function dehydrateQueries(router: AnyRouter, client: QueryClient): DehydratedQueries {
  const sent = new Set<string>()
  const take = (entries: Iterable<QueryEntry>) => {
    const out: DehydratedEntry[] = []
    for (const entry of entries) {
      const dehydrated = sent.has(entry.hash) ? null : dehydrateEntry(entry)
      if (!dehydrated) continue
      sent.add(entry.hash)
      out.push(dehydrated)
    }
    return out
  }
  const initial = take(client.getAll())
  let pending: Map<string, QueryEntry> | undefined
  let unsubscribe = () => undefined as unknown
  const stream = new ReadableStream<DehydratedEntry[]>({
    start(controller) {
      const flush = () => {
        const batch = pending ? take(pending.values()) : []
        pending = undefined
        if (batch.length > 0) controller.enqueue(batch)
      }
      unsubscribe = client.onChange((entry) => {
        if (sent.has(entry.hash) || entry.state.status === 'pending') return
        if (!pending) {
          pending = new Map()
          queueMicrotask(flush)
        }
        pending.set(entry.hash, entry)
      })
      router.serverSsr?.onRenderFinished(() => {
        flush()
        unsubscribe()
        controller.close()
      })
    },
  })
  return { initial, stream }
}

/** Browser: the server's entries into the cache, then those the stream brings. */
export async function hydrateQueries(client: QueryClient, dehydrated: DehydratedQueries) {
  hydrateEntries(client, dehydrated.initial)
  const reader = dehydrated.stream.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      hydrateEntries(client, value)
    }
  } catch (error) {
    console.error('Error reading the query stream:', error)
  } finally {
    reader.releaseLock()
  }
}

/** Server: the request's cache is emptied when its render is over (also when it ended early). */
export function clearAfterRequest(router: AnyRouter, client: QueryClient) {
  router.serverSsrLifecycle = {
    ...router.serverSsrLifecycle,
    onServerSsrAttach: [
      ...(router.serverSsrLifecycle?.onServerSsrAttach ?? []),
      (serverSsr) => serverSsr.onCleanup(() => client.clear()),
    ],
  }
}
