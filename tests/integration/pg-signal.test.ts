import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeDatabase, openDatabaseAsync, pgChangeSignal, type DB } from '../../db/client'
import { execute, queryRows, transaction } from '../../db/engine'
import { cities } from '../../db/schema'
import { cachedByData, dataVersion } from '../../server/cache'
import { freshPgDatabase } from '../helpers/pg'

/** The PostgreSQL data-version signal (db/pg-signal.ts): what server/cache.ts keys its caches by. */
describe.skipIf(process.env.DB_ENGINE !== 'pg')('PostgreSQL change signal (LISTEN/NOTIFY)', () => {
  let fresh: Awaited<ReturnType<typeof freshPgDatabase>>
  let other: DB
  beforeAll(async () => {
    fresh = await freshPgDatabase()
    other = await openDatabaseAsync(fresh.url, { migrate: false }) // a second process's pool
  })
  afterAll(async () => {
    await closeDatabase(other)
    await fresh?.drop()
  })

  const until = async (check: () => boolean, ms = 5000) => {
    const end = Date.now() + ms
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out')
      await new Promise((r) => setTimeout(r, 10))
    }
  }
  const city = { id: 9001, name: 'Сигнал', nameEn: 'Signal', region: 'r', latitude: 1, longitude: 2 }

  it('moves at once for the writer, and after the commit for another process; reads do not move it', async () => {
    const mine = pgChangeSignal(fresh.db)
    const theirs = pgChangeSignal(other)
    await until(() => mine.listening && theirs.listening)
    const [a0, b0] = [mine.current(), theirs.current()]
    await fresh.db.select().from(cities).limit(1)
    expect(mine.current()).toBe(a0)
    await fresh.db.insert(cities).values(city)
    expect(mine.current()).toBeGreaterThan(a0) // read your own write, no wait
    await until(() => theirs.current() > b0)
    const b1 = theirs.current()
    await transaction(fresh.db, async (tx) => {
      await tx.update(cities).set({ region: 'moved' }).where(eq(cities.id, city.id))
    })
    await until(() => theirs.current() > b1)
  })

  it('while the listener is down, every read gets a new version; reconnecting drops everything once', async () => {
    const theirs = pgChangeSignal(other)
    await until(() => theirs.listening)
    const v = theirs.current()
    expect(theirs.current()).toBe(v)
    // Kill the listener's connection from the server side, as a restart or a network cut would.
    await queryRows(
      fresh.db,
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND datname = current_database()`,
    )
    await until(() => !theirs.listening)
    const down = theirs.current()
    expect(theirs.current()).toBeGreaterThan(down)
    await until(() => theirs.listening)
    const back = theirs.current()
    expect(theirs.current()).toBe(back)
  })
  it('keys server/cache.ts: a value cached by data is read again after another process commits', async () => {
    await until(() => pgChangeSignal(fresh.db).listening && pgChangeSignal(other).listening)
    const name = () =>
      cachedByData(other, 'pg-signal-test', async () => {
        const [row] = await other.select({ name: cities.name }).from(cities).where(eq(cities.id, city.id))
        return row?.name
      })
    expect(dataVersion(other)).toMatch(/^postgres:\/\/127\.0\.0\.1:\d+\/hair_shop_\w+:\d+$/)
    expect(await name()).toBe('Сигнал')
    const v = dataVersion(other)
    await fresh.db.update(cities).set({ name: 'Сигнал 2' }).where(eq(cities.id, city.id))
    await until(() => dataVersion(other) !== v)
    expect(await name()).toBe('Сигнал 2')
    // Inside a transaction: the same database's version (the transaction's pool is found).
    const inside = await transaction(other, async (tx) => {
      await tx.select({ id: cities.id }).from(cities).limit(1)
      return [dataVersion(tx), dataVersion(other)]
    })
    expect(inside[0]).toBe(inside[1])
  })

  it('the content version (ADR 038): a cart or rate-limit commit of another process leaves it; a catalog commit moves it', async () => {
    const mine = pgChangeSignal(fresh.db)
    const theirs = pgChangeSignal(other)
    await until(() => mine.listening && theirs.listening)
    const [data, content] = [theirs.current(), theirs.content()]
    await execute(fresh.db, sql`insert into rate_limits (key, count, reset_at) values ('pg-signal', 1, 0)`)
    await until(() => theirs.current() > data)
    expect(theirs.content()).toBe(content)
    // Its own private write moves its data version alone, too.
    const ownContent = mine.content()
    await execute(fresh.db, sql`delete from rate_limits where key = 'pg-signal'`)
    expect(mine.content()).toBe(ownContent)
    await fresh.db.update(cities).set({ region: 'content' }).where(eq(cities.id, city.id))
    expect(mine.content()).toBeGreaterThan(ownContent)
    await until(() => theirs.content() > content)
  })
})
