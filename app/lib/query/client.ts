import { hashKey, matchesKey, type DataOf, type ErrorTagged, type QueryKey } from './keys'

/**
 * The query cache of one router (one per request on the server, one per tab in the browser):
 * the in-house replacement of react-query's QueryClient (ADR 027), with only what the app uses.
 * An entry holds the last answer (or failure) for one key, when it arrived, and the fetch in
 * flight; components subscribe to it through the hooks of ./hooks.ts.
 */
export type QueryStatus = 'pending' | 'success' | 'error'

export interface QueryState<TData = unknown> {
  data: TData | undefined
  error: Error | null
  status: QueryStatus
  /** When the data (or the error) arrived: the server's render time for hydrated entries. */
  updatedAt: number
  isFetching: boolean
  /** Marked by invalidateQueries: stale whatever its age. */
  isInvalidated: boolean
}

export interface QueryOptions<TData = unknown, TError = Error> {
  queryKey: QueryKey & ErrorTagged<TError>
  queryFn: (context: { signal: AbortSignal }) => Promise<TData>
  /** How long an answer counts as fresh (ms); the client's default otherwise. */
  staleTime?: number
  enabled?: boolean
  /** What to show while the key has no data yet (e.g. the previous key's data). */
  placeholderData?(previous: TData | undefined): TData | undefined
}

export interface QueryClientConfig {
  staleTime?: number
  /** Further attempts after a failed fetch. */
  retry?: number
  retryDelay?: number
  /** How long an entry nobody reads is kept (browser only: the server's client lives one request). */
  gcTime?: number
}

export interface QueryFilters {
  queryKey?: QueryKey
  /** `active`: read by a mounted component that may fetch it; `inactive`: not. */
  type?: 'active' | 'inactive' | 'all'
}

interface Observer {
  notify: () => void
  isEnabled: () => boolean
}

interface Fetch {
  promise: Promise<unknown>
  controller: AbortController
  before: QueryState
  cancelled: boolean
  /** The query function read its abort signal: the fetch may be cancelled when nobody reads the entry. */
  signalUsed: boolean
}

export class QueryEntry {
  state: QueryState = {
    data: undefined,
    error: null,
    status: 'pending',
    updatedAt: 0,
    isFetching: false,
    isInvalidated: false,
  }
  readonly observers = new Set<Observer>()
  fetch: Fetch | undefined
  /** The last options it was read or fetched with: invalidateQueries refetches with them. */
  options: QueryOptions<unknown, unknown> | undefined
  gcTimer: ReturnType<typeof setTimeout> | undefined
  constructor(
    readonly queryKey: QueryKey,
    readonly hash: string,
  ) {}
  get isActive() {
    return [...this.observers].some((o) => o.isEnabled())
  }
}

export class CancelledError extends Error {
  constructor() {
    super('cancelled')
    this.name = 'CancelledError'
  }
}

/** The data type given, else the one the key carries (DataTag). */
type Inferred<TData, K> = unknown extends TData ? DataOf<K> : TData

const isServer = typeof window === 'undefined'
const noop = () => undefined
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
  })

export class QueryClient {
  private readonly entries = new Map<string, QueryEntry>()
  private readonly cacheListeners = new Set<(entry: QueryEntry) => void>()
  private readonly toNotify = new Set<Observer>()
  readonly config: Required<QueryClientConfig>

  constructor(config: QueryClientConfig = {}) {
    this.config = { staleTime: 0, retry: 0, retryDelay: 1000, gcTime: isServer ? Infinity : 5 * 60_000, ...config }
  }

  /** The entry of a key, made (empty) on first use. */
  entry(queryKey: QueryKey): QueryEntry {
    const hash = hashKey(queryKey)
    let entry = this.entries.get(hash)
    if (!entry) {
      entry = new QueryEntry(queryKey, hash)
      this.entries.set(hash, entry)
      this.scheduleGc(entry)
    }
    return entry
  }

  getAll(): QueryEntry[] {
    return [...this.entries.values()]
  }

  /** Called on every change of every entry (the SSR stream listens). */
  onChange(listener: (entry: QueryEntry) => void): () => void {
    this.cacheListeners.add(listener)
    return () => this.cacheListeners.delete(listener)
  }

  subscribe(entry: QueryEntry, observer: Observer): () => void {
    entry.observers.add(observer)
    clearTimeout(entry.gcTimer)
    return () => {
      entry.observers.delete(observer)
      if (entry.observers.size === 0 && entry.fetch?.signalUsed) this.cancel(entry)
      this.scheduleGc(entry)
    }
  }

  setState(entry: QueryEntry, patch: Partial<QueryState>) {
    entry.state = { ...entry.state, ...patch }
    this.notify(entry)
    // Only the server's transfer listens (ssr.ts): the client build drops the loop.
    if (import.meta.env.SSR) for (const l of this.cacheListeners) l(entry)
  }

  /**
   * Components hear of changes in the next task, all at once, as with react-query's notifyManager:
   * code that runs right after a cache write (a mutation's `mutate` callbacks after its options'
   * `onSuccess` put the answer in) acts before the components render it.
   */
  private notify(entry: QueryEntry) {
    if (entry.observers.size === 0) return
    if (this.toNotify.size === 0) {
      setTimeout(() => {
        const observers = [...this.toNotify]
        this.toNotify.clear()
        for (const o of observers) o.notify()
      }, 0)
    }
    for (const o of entry.observers) this.toNotify.add(o)
  }

  isStale(entry: QueryEntry, staleTime = this.config.staleTime): boolean {
    const { data, isInvalidated, updatedAt } = entry.state
    return data === undefined || isInvalidated || Date.now() - updatedAt >= staleTime
  }

  getQueryData<TData = unknown, K extends QueryKey = QueryKey>(queryKey: K): Inferred<TData, K> | undefined {
    return this.entries.get(hashKey(queryKey))?.state.data as Inferred<TData, K> | undefined
  }

  setQueryData<TData = unknown, K extends QueryKey = QueryKey, T = Inferred<TData, K>>(
    queryKey: K,
    updater: T | ((previous: T | undefined) => T | undefined),
    options?: { updatedAt?: number },
  ): T | undefined {
    const entry = this.entry(queryKey)
    const data =
      typeof updater === 'function'
        ? (updater as (previous: T | undefined) => T | undefined)(entry.state.data as T | undefined)
        : updater
    if (data === undefined) return undefined
    const updatedAt = options?.updatedAt ?? Date.now()
    this.setState(entry, { data, error: null, status: 'success', updatedAt, isInvalidated: false })
    return data
  }

  /** Fetches the entry (one fetch at a time: a second caller gets the one in flight). */
  fetchEntry<T>(entry: QueryEntry, options: QueryOptions<T, unknown>): Promise<T> {
    entry.options = options
    if (entry.fetch) return entry.fetch.promise as Promise<T>
    const controller = new AbortController()
    const before = entry.state
    const context = {
      get signal() {
        current.signalUsed = true
        return controller.signal
      },
    }
    const run = async (): Promise<T> => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await options.queryFn(context)
        } catch (error) {
          if (attempt >= this.config.retry || controller.signal.aborted) throw error
          await wait(this.config.retryDelay, controller.signal)
          if (controller.signal.aborted) throw error
        }
      }
    }
    const current: Fetch = { promise: Promise.resolve(), controller, before, cancelled: false, signalUsed: false }
    current.promise = run().then(
      (data) => {
        if (current.cancelled) throw new CancelledError()
        entry.fetch = undefined
        this.setState(entry, {
          data,
          error: null,
          status: 'success',
          updatedAt: Date.now(),
          isFetching: false,
          isInvalidated: false,
        })
        return data
      },
      (error: unknown) => {
        if (current.cancelled) throw new CancelledError()
        entry.fetch = undefined
        const failure = error instanceof Error ? error : new Error(String(error))
        this.setState(entry, { error: failure, status: 'error', updatedAt: Date.now(), isFetching: false })
        throw failure
      },
    )
    current.promise.catch(noop)
    entry.fetch = current
    const blank = entry.state.data === undefined ? { status: 'pending' as const, error: null } : {}
    this.setState(entry, { isFetching: true, ...blank })
    return current.promise as Promise<T>
  }

  /** The data: the cached one while fresh, else fetched (a failure rejects). */
  fetchQuery<T>(options: QueryOptions<T, unknown>): Promise<T> {
    const entry = this.entry(options.queryKey)
    if (!this.isStale(entry, options.staleTime)) return Promise.resolve(entry.state.data as T)
    return this.fetchEntry(entry, options)
  }

  /** Like fetchQuery, never rejects: a failure stays in the entry for its readers. */
  prefetchQuery<T>(options: QueryOptions<T, unknown>): Promise<void> {
    return this.fetchQuery(options).then(noop, noop)
  }

  /** The cached data whatever its age, else fetched. */
  ensureQueryData<T>(options: QueryOptions<T, unknown>): Promise<T> {
    const data = this.entry(options.queryKey).state.data as T | undefined
    return data === undefined ? this.fetchQuery(options) : Promise.resolve(data)
  }

  private find({ queryKey, type = 'all' }: QueryFilters = {}): QueryEntry[] {
    return this.getAll().filter(
      (e) => (!queryKey || matchesKey(e.queryKey, queryKey)) && (type === 'all' || (type === 'active') === e.isActive),
    )
  }

  /** Marks the matching entries stale and refetches those on screen. */
  async invalidateQueries(filters?: QueryFilters): Promise<void> {
    const matching = this.find(filters)
    for (const e of matching) this.setState(e, { isInvalidated: true })
    await Promise.all(
      matching
        .filter((e) => e.isActive && e.options)
        .map((e) => this.fetchEntry(e, e.options as QueryOptions<unknown, unknown>).catch(noop)),
    )
  }

  removeQueries(filters?: QueryFilters) {
    for (const e of this.find(filters)) {
      this.entries.delete(e.hash)
      clearTimeout(e.gcTimer)
      // Its readers render again and take the key's new (empty) entry.
      e.state = { ...e.state }
      this.notify(e)
    }
  }

  /** Stops the matching fetches in flight: their answers are dropped and the entries go back to before them. */
  cancelQueries(filters?: QueryFilters): Promise<void> {
    for (const e of this.find(filters)) this.cancel(e)
    return Promise.resolve()
  }

  private cancel(entry: QueryEntry) {
    const current = entry.fetch
    if (!current) return
    current.cancelled = true
    current.controller.abort()
    entry.fetch = undefined
    this.setState(entry, { ...current.before, isFetching: false })
  }

  clear() {
    for (const e of this.entries.values()) clearTimeout(e.gcTimer)
    this.entries.clear()
  }

  private scheduleGc(entry: QueryEntry) {
    if (this.config.gcTime === Infinity || entry.observers.size > 0) return
    clearTimeout(entry.gcTimer)
    entry.gcTimer = setTimeout(() => {
      if (entry.observers.size === 0 && !entry.fetch && this.entries.get(entry.hash) === entry) {
        this.entries.delete(entry.hash)
      }
    }, this.config.gcTime)
  }
}
