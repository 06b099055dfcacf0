import type { Statement } from 'better-sqlite3'
import type { DB } from '../db/client'

/** How often another connection's commits are looked for (they show within this delay). */
export const EXTERNAL_CHECK_MS = 50

interface Probe {
  changes: Statement<[], number>
  external: Statement<[], number>
  externalVersion: number
  checkedAt: number
}

const probes = new WeakMap<DB['$client'], Probe>()

/**
 * A value that changes whenever the database changes. `total_changes()` counts this
 * connection's writes (orders, carts, sessions…) exactly and costs ~0.1 µs; `PRAGMA
 * data_version` moves when another connection commits (`npm run seed`, `npm run db:sql`, a
 * second process) but opens a read transaction (shared-memory locks), so it is asked at most
 * every EXTERNAL_CHECK_MS. Values cached against it need no time-to-live.
 */
export function dataVersion(db: DB): string {
  const client = db.$client
  let probe = probes.get(client)
  if (!probe) {
    probe = {
      changes: client.prepare<[], number>('SELECT total_changes()').pluck(),
      external: client.prepare<[], number>('PRAGMA data_version').pluck(),
      externalVersion: 0,
      checkedAt: -Infinity,
    }
    probes.set(client, probe)
  }
  const now = Date.now()
  if (now - probe.checkedAt >= EXTERNAL_CHECK_MS) {
    probe.externalVersion = probe.external.get() ?? 0
    probe.checkedAt = now
  }
  return `${client.name}:${probe.changes.get() ?? 0}:${probe.externalVersion}`
}

/**
 * A bounded map of values computed from the database, each valid for the data version it was
 * computed at. Least recently used entries leave first, when there are more than `maxEntries`
 * or their total `weigh()` passes `maxWeight`.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: string; value: T; weight: number }>()
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

  /** Synchronous read-through: computes and stores on a miss. */
  through(version: string, key: string, load: () => T): T {
    const hit = this.get(version, key)
    if (hit !== undefined) return hit
    const value = load()
    this.set(version, key, value)
    return value
  }

  clear() {
    this.entries.clear()
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
export function cachedByData<T>(db: DB, key: string, load: () => T): T {
  return dataCache.through(dataVersion(db), `${db.$client.name}:${key}`, load) as T
}

/** Tests that swap database files start from an empty cache. */
export function clearDataCache() {
  dataCache.clear()
}
