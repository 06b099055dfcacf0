import { readFileSync } from 'node:fs'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { is, type Column } from 'drizzle-orm'
import { PgTable, getTableConfig as pgConfig } from 'drizzle-orm/pg-core'
import { SQLiteTable, getTableConfig as liteConfig } from 'drizzle-orm/sqlite-core'
import * as lite from '../../db/schema'
import { useEngine } from '../../db/schema'
import * as pg from '../../db/schema-pg'
import { render } from '../../scripts/pg-schema'

/**
 * The PostgreSQL schema (db/schema-pg, generated) is the SQLite schema (db/schema) on another
 * engine: same tables, columns, keys, foreign keys, unique constraints and indexes (issue 13).
 */

// On PostgreSQL (npm run test:pg) the setup file has rebound db/schema to the PostgreSQL tables:
// this file compares the SQLite ones with them.
useEngine('sqlite')

type Config = ReturnType<typeof liteConfig> | ReturnType<typeof pgConfig>

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false
type Rows<T> = T extends { $inferSelect: infer S; $inferInsert: infer I } ? [S, I] : never
/** The tables whose PostgreSQL rows (read or insert) differ in type from the SQLite ones. */
type TablesWithOtherTypes = {
  [K in keyof typeof pg & keyof typeof lite]: Equal<Rows<(typeof pg)[K]>, Rows<(typeof lite)[K]>> extends true
    ? never
    : K
}[keyof typeof pg & keyof typeof lite]

const names = (cols: Column[]) => cols.map((c) => c.name)

/** One table's shape, in engine-neutral terms. */
function shape(cfg: Config) {
  const fks = cfg.foreignKeys.map((fk) => {
    const r = fk.reference()
    const foreign = is(r.foreignTable, PgTable) ? pgConfig(r.foreignTable) : liteConfig(r.foreignTable)
    const action = (a: string | undefined) => a ?? 'no action'
    return `(${names(r.columns).join()}) → ${foreign.name}(${names(r.foreignColumns).join()}) on delete ${action(fk.onDelete)} on update ${action(fk.onUpdate)}`
  })
  const uniques = [
    ...cfg.columns.filter((c) => c.isUnique).map((c) => `${c.uniqueName}(${c.name})`),
    ...cfg.uniqueConstraints.map((u) => `${u.getName()}(${names(u.columns).join()})`),
  ]
  const indexes = cfg.indexes.map((i) => {
    const c = i.config
    return `${c.unique ? 'unique ' : ''}${c.name}(${names(c.columns as Column[]).join()})${c.where ? ' where' : ''}`
  })
  return {
    name: cfg.name,
    columns: cfg.columns.map((c) => ({
      name: c.name,
      notNull: c.notNull,
      dataType: c.dataType,
      primary: c.primary,
      hasDefault: c.hasDefault,
      default: c.default as unknown,
      enumValues: c.enumValues ?? [],
    })),
    primaryKeys: cfg.primaryKeys.map((p) => names(p.columns).join()),
    foreignKeys: fks.sort(),
    uniques: uniques.sort(),
    indexes: indexes.sort(),
  }
}

const liteTables = Object.entries(lite).filter(([, v]) => is(v, SQLiteTable)) as [string, SQLiteTable][]
const pgTables = Object.entries(pg).filter(([, v]) => is(v, PgTable)) as [string, PgTable][]

describe('the PostgreSQL schema mirrors the SQLite one', () => {
  it('has the same tables under the same export names', () => {
    expect(liteTables.length).toBeGreaterThan(40)
    const byExport = (list: [string, SQLiteTable | PgTable][]) =>
      Object.fromEntries(list.map(([k, t]) => [k, is(t, PgTable) ? pgConfig(t).name : liteConfig(t).name]))
    expect(byExport(pgTables)).toEqual(byExport(liteTables))
  })

  it.each(liteTables.map(([k]) => k))('%s: columns, keys, foreign keys, unique constraints, indexes', (key) => {
    const l = lite[key as keyof typeof lite] as SQLiteTable
    const p = pg[key as keyof typeof pg] as PgTable
    expect(shape(pgConfig(p))).toEqual(shape(liteConfig(l)))
  })

  it('hands out the same JS types for every table, read and written (tsc checks this)', () => {
    expectTypeOf<TablesWithOtherTypes>().toEqualTypeOf<never>()
    expectTypeOf<typeof pg.products.$inferSelect>().toEqualTypeOf<typeof lite.products.$inferSelect>()
  })

  it('is what `npm run db:pg-schema` writes from db/schema today (regenerate after a schema change)', async () => {
    for (const [path, text] of Object.entries(await render())) {
      expect(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'), path).toBe(text)
    }
  })
})
