import type { Statement } from 'better-sqlite3'
import { pgChangeSignal, type AnyDB, type DB, type LiteDB } from '../db/client'
import { databaseId, isPostgres } from '../db/engine'
import { CONTENT_VERSION_TABLE } from '../db/content-version'

interface Probe {
  changes: Statement<[], number>
  external: Statement<[], number>
  externalVersion: number
  /** The external version was read in the synchronous run now going on. */
  fresh: boolean
}

const probes = new WeakMap<LiteDB['$client'], Probe>()

/**
 * A value that changes whenever the database changes. `total_changes()` counts this
 * connection's writes (orders, carts, sessions…) exactly and costs ~0.1 µs; `PRAGMA
 * data_version` moves when another connection commits (another server process of
 * WEB_CONCURRENCY, `npm run seed`, `npm run db:sql`). It opens a read transaction (a few µs), so
 * it is asked once per synchronous run of JavaScript: the first call re-reads it, later calls
 * in the same run reuse it, and a microtask forgets it when the run ends. A request therefore
 * sees every commit that finished before its code ran, whichever process made it (ADR 018).
 * Values cached against it need no time-to-live.
 *
 * PostgreSQL: the pool's change signal (db/pg-signal.ts: this process's writes, every process's
 * commits through LISTEN/NOTIFY, a new value on every read while the listener is down).
 */
export function dataVersion(db: AnyDB): string {
  if (isPostgres(db)) return `${databaseId(db)}:${pgChangeSignal(db).current()}`
  const client = db.$client
  let probe = probes.get(client)
  if (!probe) {
    probe = {
      changes: client.prepare<[], number>('SELECT total_changes()').pluck(),
      external: client.prepare<[], number>('PRAGMA data_version').pluck(),
      externalVersion: 0,
      fresh: false,
    }
    probes.set(client, probe)
  }
  if (!probe.fresh) {
    probe.externalVersion = probe.external.get() ?? 0
    probe.fresh = true
    const p = probe
    queueMicrotask(() => {
      p.fresh = false
    })
  }
  return `${client.name}:${probe.changes.get() ?? 0}:${probe.externalVersion}`
}

interface ContentProbe {
  read: Statement<[], number> | null
  total: Statement<[], number>
  /** total_changes() when `version` was read, and whether it was read in the synchronous run now going on. */
  atChanges: number
  fresh: boolean
  version: number
}

const contentProbes = new WeakMap<LiteDB['$client'], ContentProbe>()

/**
 * A value that changes whenever a table that pages show to everyone changes (catalog, offers and
 * stock, content, site, cities, services…; db/content-version.ts, ADR 038), and not when carts,
 * sessions, favorites, orders, rate limits, outboxes or jobs are written. What is shared between
 * visitors (pages, entities, startup data) is keyed by it; anything derived from a shopper's own
 * rows stays on `dataVersion`.
 *
 * SQLite: the content_version row, which triggers in the database bump in the writer's own
 * transaction (any process, the seed, the 1C import, `npm run db:sql`). It is read once per
 * synchronous run, like data_version above, and again within a run as soon as this connection
 * wrote (total_changes() moved). A database without the row (opened without migrating) falls
 * back to dataVersion. PostgreSQL: the change signal's content version (db/pg-signal.ts).
 */
export function contentVersion(db: AnyDB): string {
  if (isPostgres(db)) return `${databaseId(db)}:c${pgChangeSignal(db).content()}`
  const client = db.$client
  let probe = contentProbes.get(client)
  if (!probe) {
    let read: Statement<[], number> | null = null
    try {
      read = client.prepare<[], number>(`SELECT version FROM ${CONTENT_VERSION_TABLE} WHERE id = 1`).pluck()
    } catch {
      // No such table: not migrated here.
    }
    probe = {
      read,
      total: client.prepare<[], number>('SELECT total_changes()').pluck(),
      atChanges: -1,
      fresh: false,
      version: 0,
    }
    contentProbes.set(client, probe)
  }
  if (!probe.read) return dataVersion(db)
  const changes = probe.total.get() ?? 0
  if (!probe.fresh || changes !== probe.atChanges) {
    probe.version = probe.read.get() ?? 0
    probe.atChanges = changes
    if (!probe.fresh) {
      probe.fresh = true
      const p = probe
      queueMicrotask(() => {
        p.fresh = false
      })
    }
  }
  return `${client.name}:c${probe.version}`
}

/**
 * A bounded map of values computed from the database, each valid for the data version it was
 * computed at. Least recently used entries leave first, when there are more than `maxEntries`
 * or their total `weigh()` passes `maxWeight`.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: string; value: T; weight: number }>()
  /** Loads under way (`through`), by version and key: concurrent misses share one. */
  private readonly loading = new Map<string, Promise<T>>()
  private weight = 0

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight = Infinity,
    private readonly weigh: (value: T) => number = () => 0,
  ) {}

  get(version: string, key: string): T | undefined {
    const hit = this.entries.get(key)
    if (!hit) return undefined
    this.entries.delete(key)
    if (hit.version !== version) {
      this.weight -= hit.weight
      return undefined
    }
    // Back to the end of the LRU order.
    this.entries.set(key, hit)
    return hit.value
  }

  set(version: string, key: string, value: T) {
    const old = this.entries.get(key)
    if (old) {
      this.entries.delete(key)
      this.weight -= old.weight
    }
    const weight = this.weigh(value)
    this.entries.set(key, { version, value, weight })
    this.weight += weight
    while (this.entries.size > this.maxEntries || (this.weight > this.maxWeight && this.entries.size > 1)) {
      const oldest = this.entries.entries().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest[0])
      this.weight -= oldest[1].weight
    }
  }

  /**
   * Read-through: loads and stores the settled value on a miss. Concurrent misses for the same
   * version and key share one load; a load that fails is not kept (the next call tries again).
   */
  through(version: string, key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.get(version, key)
    if (hit !== undefined) return Promise.resolve(hit)
    const id = `${version}\u0000${key}`
    let pending = this.loading.get(id)
    if (!pending) {
      pending = load().then(
        (value) => {
          this.loading.delete(id)
          this.set(version, key, value)
          return value
        },
        (e: unknown) => {
          this.loading.delete(id)
          throw e
        },
      )
      this.loading.set(id, pending)
    }
    return pending
  }

  clear() {
    this.entries.clear()
    this.loading.clear()
    this.weight = 0
  }

  get size() {
    return this.entries.size
  }

  /** Total weight of what is kept. */
  get totalWeight() {
    return this.weight
  }
}

const dataCache = new VersionedCache<unknown>(500)

/**
 * Read-through cache for values derived from the database alone (startup data, suggestion
 * lists): recomputed after any write, shared by every request.
 */
export function cachedByData<T>(db: DB, key: string, load: () => Promise<T>): Promise<T> {
  return dataCache.through(dataVersion(db), `${databaseId(db)}:${key}`, load) as Promise<T>
}

/**
 * Read-through cache for values derived from the tables pages show to everyone alone (startup
 * data, the catalog's dictionaries, suggestion lists): recomputed after a write to one of them
 * (`contentVersion`), kept while shoppers write their carts and sessions.
 */
export function cachedByContent<T>(db: DB, key: string, load: () => Promise<T>): Promise<T> {
  return dataCache.through(contentVersion(db), `${databaseId(db)}:${key}`, load) as Promise<T>
}

/** Tests that swap database files start from an empty cache. */
export function clearDataCache() {
  dataCache.clear()
}
