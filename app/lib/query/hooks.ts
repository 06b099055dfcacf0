import { createContext, useCallback, useContext, useEffect, useRef, useSyncExternalStore } from 'react'
import type { QueryClient, QueryEntry, QueryOptions, QueryState, QueryStatus } from './client'

/** The router's query client (app/router.tsx provides it around the app). */
export const QueryClientContext = createContext<QueryClient | null>(null)

export function useQueryClient(): QueryClient {
  const client = useContext(QueryClientContext)
  if (!client) throw new Error('useQueryClient() outside QueryClientContext')
  return client
}

export interface QueryResult<TData, TError> {
  readonly data: TData | undefined
  readonly error: TError | null
  readonly status: QueryStatus
  readonly isPending: boolean
  readonly isError: boolean
  readonly isSuccess: boolean
  readonly isFetching: boolean
  readonly refetch: () => Promise<unknown>
}

/**
 * The entry of the options' key, subscribed: the component renders again on each change. Once
 * mounted (never on the server) an enabled reader fetches a missing or stale entry.
 */
function useEntry(options: QueryOptions<unknown, unknown>) {
  const client = useQueryClient()
  const entry = client.entry(options.queryKey)
  const enabled = options.enabled ?? true
  const enabledRef = useRef(enabled)
  const subscribe = useCallback(
    (notify: () => void) => client.subscribe(entry, { notify, isEnabled: () => enabledRef.current }),
    [client, entry],
  )
  const snapshot = () => entry.state
  const state = useSyncExternalStore(subscribe, snapshot, snapshot)
  useEffect(() => {
    enabledRef.current = enabled
    if (!enabled) return
    entry.options = options
    if (!entry.fetch && client.isStale(entry, options.staleTime))
      void client.fetchEntry(entry, options).catch(() => undefined)
    // On a new key or when enabled again, not for each render's new options object.
  }, [client, entry, enabled])
  return { client, entry, state }
}

function result<TData, TError>(
  client: QueryClient,
  entry: QueryEntry,
  options: QueryOptions<TData, TError>,
  state: QueryState,
  data: TData | undefined,
): QueryResult<TData, TError> {
  return {
    data,
    error: state.error as TError | null,
    status: state.status,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    isSuccess: state.status === 'success',
    isFetching: state.isFetching,
    refetch: () => client.fetchEntry(entry, options).catch(() => undefined),
  }
}

/** A query read by a component; `data` is undefined until it has arrived. */
export function useQuery<TData, TError = Error>(options: QueryOptions<TData, TError>): QueryResult<TData, TError> {
  const { client, entry, state } = useEntry(options)
  const shown = useRef<TData | undefined>(undefined)
  let data = state.data as TData | undefined
  if (data === undefined && options.placeholderData) data = options.placeholderData(shown.current)
  useEffect(() => {
    shown.current = data
  })
  return result(client, entry, options, state, data)
}

/**
 * A query the component cannot render without: on a miss it suspends (throws the fetch, on the
 * server too, so the answer is in the server HTML and the SSR state); a failure goes to the
 * nearest error boundary (the route's error component).
 */
export function useSuspenseQuery<TData, TError = Error>(
  options: QueryOptions<TData, TError>,
): QueryResult<TData, TError> & { readonly data: TData } {
  const { client, entry, state } = useEntry(options)
  if (state.data === undefined) {
    if (state.status === 'error' && !entry.fetch) throw state.error
    // Suspense waits for a thrown promise.
    throw client.fetchEntry(entry, options).catch(() => undefined)
  }
  return result(client, entry, options, state, state.data as TData) as QueryResult<TData, TError> & {
    readonly data: TData
  }
}
