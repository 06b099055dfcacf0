import pg from 'pg'
import { CONTENT_CHANNEL, writesContent } from './content-version'
import { notifyTriggersSql } from './notify-triggers'

/**
 * PostgreSQL's data-version signal (issue 13 §4, ADR 023): the number that server/cache.ts keys
 * cached values by. It moves
 * - when this process's write statement or COMMIT completes (read your own writes at once);
 * - when any process commits a write: a statement trigger on every table does
 *   `pg_notify(CHANGE_CHANNEL)`, which PostgreSQL delivers after the commit, once per transaction,
 *   to the listener connection of every process;
 * - on every read while the listener is not connected (nothing cached can be trusted then), and
 *   once more when it reconnects (the full drop: notifications sent meanwhile were lost).
 * Beside it, the content version (db/content-version.ts, ADR 038) moves the same ways but only for
 * the tables pages show to everyone: CONTENT_CHANNEL's NOTIFY, and this process's writes that
 * `writesContent` cannot rule out.
 */
export const CHANGE_CHANNEL = 'shop_data_changed'

/** The trigger on every table of the schema (db/notify-triggers.ts), run after each migration. */
export const INSTALL_CHANGE_TRIGGERS = notifyTriggersSql(CHANGE_CHANNEL)

const WRITE = /^\s*(with\b[\s\S]*\b(insert|update|delete)\b|insert|update|delete|truncate|merge)\b/i
const END = /^\s*(commit|end|rollback|abort)\b/i
const BEGIN = /^\s*(begin|start\s+transaction)\b/i
const RECONNECT_MAX_MS = 5_000

export class ChangeSignal {
  private version = 0
  private contentVersion = 0
  private listener: pg.Client | undefined
  private live = false
  private stopped = false
  private retryMs = 100
  private timer: NodeJS.Timeout | undefined

  constructor(private readonly config: pg.ClientConfig) {}

  /** The current version; while the listener is down, a new one on every call. */
  current(): number {
    if (!this.live) this.version++
    return this.version
  }

  /** The content version; while the listener is down, a new one on every call. */
  content(): number {
    if (!this.live) this.contentVersion++
    return this.contentVersion
  }

  /** The listener is connected and listening. */
  get listening(): boolean {
    return this.live
  }

  bump(content = true): void {
    this.version++
    if (content) this.contentVersion++
  }

  private readonly bumped = () => this.bump()
  private readonly bumpedData = () => this.bump(false)

  /** Counts this pool's own writes: wraps each new client's `query` (the pool's 'connect' event). */
  watch(pool: pg.Pool): void {
    pool.on('connect', (client) => {
      let wrote = false
      let wroteContent = false
      const query = client.query.bind(client) as (...args: unknown[]) => unknown
      ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        const first = args[0] as string | { text?: string } | undefined
        const text = typeof first === 'string' ? first : first?.text
        // A COMMIT moves the version only after this connection wrote (reads in a transaction don't).
        const write = !!text && WRITE.test(text)
        const end = !write && !!text && END.test(text)
        if (text && BEGIN.test(text)) wrote = wroteContent = false
        // Whether this write (or the COMMIT of writes) may have changed a table pages show.
        let content: boolean
        if (write) {
          wrote = true
          content = writesContent(text)
          wroteContent ||= content
        } else if (end) {
          const committed = wrote && !/^\s*(rollback|abort)/i.test(text)
          content = wroteContent
          wrote = wroteContent = false
          if (!committed) return query(...args)
        } else return query(...args)
        const bump = content ? this.bumped : this.bumpedData
        // pool.query passes a callback; drizzle's transactions await the promise form.
        const last = args.length - 1
        const callback = args[last]
        if (typeof callback === 'function') {
          args[last] = (...result: unknown[]) => {
            bump()
            ;(callback as (...r: unknown[]) => unknown)(...result)
          }
          return query(...args)
        }
        const result = query(...args)
        if (result instanceof Promise) result.then(bump, bump)
        return result
      }
    })
  }

  /** Connects the listener (resolves when it listens, or after its first failure: it keeps retrying). */
  async start(): Promise<void> {
    if (this.stopped || this.listener) return
    const client = new pg.Client(this.config)
    this.listener = client
    client.on('notification', (n) => this.bump(n.channel === CONTENT_CHANNEL))
    client.on('error', () => this.lost(client))
    client.on('end', () => this.lost(client))
    try {
      await client.connect()
      await client.query(`LISTEN ${CHANGE_CHANNEL}; LISTEN ${CONTENT_CHANNEL}`)
      if (this.listener !== client) return
      this.live = true
      this.retryMs = 100
      this.bump() // the full drop: whatever was cached before may have missed notifications
    } catch {
      this.lost(client)
    }
  }

  private lost(client: pg.Client) {
    if (this.listener !== client) return
    this.listener = undefined
    this.live = false
    client.end().catch(() => undefined)
    if (this.stopped) return
    this.timer = setTimeout(() => void this.start(), this.retryMs)
    this.timer.unref()
    this.retryMs = Math.min(RECONNECT_MAX_MS, this.retryMs * 2)
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.live = false
    if (this.timer) clearTimeout(this.timer)
    const client = this.listener
    this.listener = undefined
    await client?.end().catch(() => undefined)
  }
}
