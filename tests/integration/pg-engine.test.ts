import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { CONTENT_VERSION_TABLE } from '../../db/content-version'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeDatabase, openDatabase, openDatabaseAsync, pgPool, type DB } from '../../db/client'
import { afterExplicitIds, databaseId, execute, isPostgres, queryRows, transaction } from '../../db/engine'
import { transactionRetries } from '../../db/engine-pg'
import { migrationsFolder } from '../../db/migrate'
import { cities, rateLimits } from '../../db/schema'
import { countRows } from '../../seed/seed-all'
import { freshPgDatabase } from '../helpers/pg'

/** The PostgreSQL engine's foundation (issue 13, ADR 023). Runs in `npm run test:pg` only. */
describe.skipIf(process.env.DB_ENGINE !== 'pg')('PostgreSQL engine', () => {
  let fresh: Awaited<ReturnType<typeof freshPgDatabase>>
  let db: DB
  beforeAll(async () => {
    fresh = await freshPgDatabase()
    db = fresh.db
  })
  afterAll(() => fresh?.drop())

  const city = (id: number) => ({ id, name: `c${id}`, nameEn: `c${id}`, region: 'r', latitude: 55.7, longitude: 37.6 })

  it('migrates an empty database once, when two processes start together (advisory lock)', async () => {
    const empty = await freshPgDatabase({ template: false })
    try {
      const [a, b] = await Promise.all([openDatabaseAsync(empty.url), openDatabaseAsync(empty.url)])
      const journal = JSON.parse(readFileSync(join(migrationsFolder('drizzle-pg'), 'meta/_journal.json'), 'utf8'))
      const applied = await queryRows<{ n: number }>(a, sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`)
      expect(applied[0]!.n).toBe(journal.entries.length)
      await Promise.all([closeDatabase(a), closeDatabase(b)])
    } finally {
      await empty.drop()
    }
  })

  it('has the tables, columns, keys, foreign keys and indexes of the migrated SQLite database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-engine-'))
    const lite = openDatabase(join(dir, 'shop.db'))
    try {
      expect(await pgShape(db)).toEqual(sqliteShape(lite))
    } finally {
      lite.$client.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('hands out the PostgreSQL tables through db/schema, int8 as numbers, an id without the password', async () => {
    expect(isPostgres(db)).toBe(true)
    await db.insert(cities).values(city(900))
    const rows = await db.select({ id: cities.id, lat: cities.latitude }).from(cities).where(eq(cities.id, 900))
    expect(rows).toEqual([{ id: 900, lat: 55.7 }])
    const [n] = await queryRows<{ n: unknown; s: unknown }>(
      db,
      sql`SELECT count(*) AS n, sum(id) AS s FROM cities WHERE id >= 900`,
    )
    expect(n).toEqual({ n: 1, s: 900 })
    expect(databaseId(db)).toMatch(/^postgres:\/\/127\.0\.0\.1:\d+\/hair_shop_\w+$/)
    expect(pgPool(db).options.max).toBe(10)
    expect(await execute(db, sql`DELETE FROM cities WHERE id = 900`)).toBe(1)
  })

  it('rolls a failed transaction back, and a failed nested one to its savepoint', async () => {
    await expect(
      transaction(db, async (tx) => {
        await tx.insert(cities).values(city(901))
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    await transaction(db, async (tx) => {
      await tx.insert(cities).values(city(902))
      await expect(
        transaction(tx, async (inner) => {
          await inner.insert(cities).values(city(903))
          throw new Error('inner')
        }),
      ).rejects.toThrow('inner')
    })
    const ids = await db
      .select({ id: cities.id })
      .from(cities)
      .where(sql`${cities.id} between 901 and 903`)
    expect(ids).toEqual([{ id: 902 }])
  })

  it('retries serialization failures: 2 × 50 concurrent read-then-write increments make exactly 100', async () => {
    await db.insert(rateLimits).values({ key: 'counter', count: 0, resetAt: 0 })
    const before = transactionRetries()
    const increment = () =>
      transaction(
        db,
        async (tx) => {
          const [row] = await tx
            .select({ count: rateLimits.count })
            .from(rateLimits)
            .where(eq(rateLimits.key, 'counter'))
          await tx
            .update(rateLimits)
            .set({ count: row!.count + 1 })
            .where(eq(rateLimits.key, 'counter'))
        },
        { behavior: 'immediate' },
      )
    const worker = async () => {
      for (let i = 0; i < 50; i++) await increment()
    }
    await Promise.all([worker(), worker()])
    const [row] = await db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, 'counter'))
    expect(row!.count).toBe(100)
    expect(transactionRetries() - before).toBeGreaterThan(0)
  })

  it('a transaction that names its locks runs READ COMMITTED, takes turns on its keys and is never re-run', async () => {
    await db.insert(rateLimits).values({ key: 'locked-counter', count: 0, resetAt: 0 })
    const before = transactionRetries()
    const levels = new Set<string>()
    const increment = () =>
      transaction(
        db,
        async (tx) => {
          const [level] = await queryRows<{ transaction_isolation: string }>(tx, sql`show transaction_isolation`)
          levels.add(level!.transaction_isolation)
          const [row] = await tx
            .select({ count: rateLimits.count })
            .from(rateLimits)
            .where(eq(rateLimits.key, 'locked-counter'))
          await tx
            .update(rateLimits)
            .set({ count: row!.count + 1 })
            .where(eq(rateLimits.key, 'locked-counter'))
        },
        { behavior: 'immediate', locks: ['counter:locked-counter'] },
      )
    const worker = async () => {
      for (let i = 0; i < 50; i++) await increment()
    }
    await Promise.all([worker(), worker(), worker()])
    const [row] = await db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, 'locked-counter'))
    expect(row!.count).toBe(150)
    expect([...levels]).toEqual(['read committed'])
    expect(transactionRetries() - before).toBe(0)
  })

  it('a string parameter with U+0000 (which PostgreSQL text cannot hold) finds nothing instead of failing', async () => {
    expect(await db.select({ id: cities.id }).from(cities).where(eq(cities.name, 'Моск\u0000ва'))).toEqual([])
    await db.insert(cities).values({ ...city(960), name: 'a\u0000b' })
    const [row] = await db.select({ name: cities.name }).from(cities).where(eq(cities.id, 960))
    expect(row!.name).toBe('a\uFFFDb')
    expect(await execute(db, sql`DELETE FROM cities WHERE id = 960`)).toBe(1)
  })

  it('moves identity sequences past explicit ids', async () => {
    await db.insert(cities).values(city(950))
    await afterExplicitIds(db)
    const inserted = await db
      .insert(cities)
      .values({ ...city(0), id: undefined })
      .returning({ id: cities.id })
    expect(inserted).toEqual([{ id: 951 }])
  })

  it('starts from the seeded template: the seed ran on PostgreSQL and moved the sequences past its ids', async () => {
    const copy = await freshPgDatabase()
    try {
      const counts = await countRows(copy.db)
      expect(counts.products!).toBeGreaterThan(100)
      expect(counts.cities).toBeGreaterThan(5)
      const [search] = await queryRows<{ n: number }>(copy.db, sql`SELECT count(*) AS n FROM search_products`)
      expect(search!.n).toBe(counts.products! - (await hiddenProducts(copy.db)))
      // Every identity column: its sequence's next value is past the largest id the seed wrote.
      const identities = await queryRows<{ t: string; c: string }>(
        copy.db,
        sql`SELECT table_name AS t, column_name AS c FROM information_schema.columns
            WHERE table_schema = current_schema() AND is_identity = 'YES'`,
      )
      expect(identities.length).toBeGreaterThan(20)
      const behind: string[] = []
      for (const { t, c } of identities) {
        const [row] = await queryRows<{ max: number; next: number }>(
          copy.db,
          sql`SELECT coalesce(max(${sql.identifier(c)}), 0) AS max,
                nextval(pg_get_serial_sequence(${`"${t}"`}, ${c})) AS next FROM ${sql.identifier(t)}`,
        )
        if (row!.next <= row!.max) behind.push(`${t}.${c}: next ${row!.next}, max ${row!.max}`)
      }
      expect(behind).toEqual([])
    } finally {
      await copy.drop()
    }
  })
})

const hiddenProducts = async (db: DB) =>
  (await queryRows<{ n: number }>(db, sql`SELECT count(*) AS n FROM products WHERE hidden`))[0]!.n

type Shape = Record<string, { columns: string[]; foreignKeys: string[]; indexes: string[] }>

/**
 * Where the migrated SQLite database is not what db/schema says: drizzle-kit's SQLite
 * `ALTER TABLE … ADD … REFERENCES` (drizzle/0003, drizzle/0006) dropped the ON DELETE action.
 * PostgreSQL follows db/schema. Any other difference fails the test.
 */
const SQLITE_DRIFT: Record<string, string> = {
  'oauth_states: link_user_id → users(id) on delete no action': 'link_user_id → users(id) on delete cascade',
  'site_contacts: pickup_point_id → pickup_points(id) on delete no action':
    'pickup_point_id → pickup_points(id) on delete set null',
}

/**
 * The tables of each engine's search migration (FTS5 and its term list; tsvector tables and theirs):
 * engine-specific by design (ADR 024), compared by name only.
 */
const searchTables = (engine: 'sqlite' | 'pg' = 'sqlite') =>
  [
    ...readFileSync(
      engine === 'pg'
        ? join(migrationsFolder('drizzle-pg'), '0002_search_index.sql')
        : join(migrationsFolder(), '0001_search_index.sql'),
      'utf8',
    ).matchAll(/CREATE (?:VIRTUAL )?TABLE [`"]?(\w+)/g),
  ].map((m) => m[1]!)

/** SQLite: every table but the search index's (FTS5 virtual tables, their shadow tables, the term list). */
function sqliteShape(lite: DB): Shape {
  const c = lite.$client
  const search = searchTables()
  expect(search.length).toBeGreaterThan(1)
  const all = c.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as {
    name: string
  }[]
  const tables = all.filter((t) => !search.some((v) => t.name === v || t.name.startsWith(`${v}_`)))
  const shape: Shape = {}
  // content_version: SQLite's content-version row (ADR 038), installed beside the schema; PostgreSQL uses NOTIFY.
  for (const { name } of tables.filter((t) => t.name !== '__drizzle_migrations' && t.name !== CONTENT_VERSION_TABLE)) {
    const cols = c.pragma(`table_info(${name})`) as { name: string; notnull: number; pk: number }[]
    const fks = c.pragma(`foreign_key_list(${name})`) as {
      table: string
      from: string
      to: string
      on_delete: string
    }[]
    const idx = c.pragma(`index_list(${name})`) as { name: string; unique: number; origin: string }[]
    shape[name] = {
      columns: cols
        .map((col) => `${col.name}${col.notnull || col.pk ? ' not null' : ''}${col.pk ? ` pk${col.pk}` : ''}`)
        .sort(),
      foreignKeys: fks
        .map((f) => `${f.from} → ${f.table}(${f.to}) on delete ${f.on_delete.toLowerCase()}`)
        .map((fk) => SQLITE_DRIFT[`${name}: ${fk}`] ?? fk)
        .sort(),
      indexes: idx
        .filter((i) => i.origin !== 'pk')
        .map((i) => `${i.unique ? 'unique ' : ''}${i.name}`)
        .sort(),
    }
  }
  return shape
}

const PG_DELETE: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
}

async function pgShape(db: DB): Promise<Shape> {
  const cols = await queryRows<{ t: string; c: string; notnull: boolean; pk: number | null }>(
    db,
    sql`SELECT c.relname AS t, a.attname AS c, a.attnotnull AS notnull,
          array_position(p.conkey, a.attnum) AS pk
        FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        LEFT JOIN pg_constraint p ON p.conrelid = c.oid AND p.contype = 'p'
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' ORDER BY c.relname, a.attnum`,
  )
  const fks = await queryRows<{ t: string; cols: string; ref: string; refcols: string; del: string }>(
    db,
    sql`SELECT c.conrelid::regclass::text AS t, c.confrelid::regclass::text AS ref, c.confdeltype AS del,
          (SELECT string_agg(a.attname, ',') FROM unnest(c.conkey) k JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k) AS cols,
          (SELECT string_agg(a.attname, ',') FROM unnest(c.confkey) k JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k) AS refcols
        FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  )
  const idx = await queryRows<{ t: string; name: string; uniq: boolean }>(
    db,
    sql`SELECT t.relname AS t, i.relname AS name, x.indisunique AS uniq
        FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
        WHERE t.relnamespace = 'public'::regnamespace AND NOT x.indisprimary`,
  )
  const search = searchTables('pg')
  expect(search.sort()).toEqual(searchTables('sqlite').sort())
  const shape: Shape = {}
  for (const r of cols.filter((c) => !search.includes(c.t))) {
    const s = (shape[r.t] ??= { columns: [], foreignKeys: [], indexes: [] })
    s.columns.push(`${r.c}${r.notnull ? ' not null' : ''}${r.pk ? ` pk${r.pk}` : ''}`)
  }
  for (const f of fks) shape[f.t]!.foreignKeys.push(`${f.cols} → ${f.ref}(${f.refcols}) on delete ${PG_DELETE[f.del]}`)
  for (const i of idx.filter((x) => !search.includes(x.t)))
    shape[i.t]!.indexes.push(`${i.uniq ? 'unique ' : ''}${i.name}`)
  for (const s of Object.values(shape)) {
    s.columns.sort()
    s.foreignKeys.sort()
    s.indexes.sort()
  }
  return shape
}
