import type { Placeholder, SQL } from 'drizzle-orm'
import type { AnyDB, LiteDB, PgDB } from '../../../db/client'
import { isPostgres, isSqlite } from '../../../db/engine'
import { schemaEngine } from '../../../db/schema'
import type { SearchHit } from '../../contracts/catalog'
import * as pg from './fts-pg'
import * as sqlite from './fts'

export type { ContentDoc } from './fts'

/**
 * The full-text engine of the database at hand (ADR 024): FTS5 (./fts.ts) on SQLite, tsvector
 * (./fts-pg.ts) on PostgreSQL. The rest of search/ and the catalog import from here only, so no
 * service branches on the engine. Both modules have the same functions with the same arguments.
 */
const on = <T>(db: AnyDB, onPg: (db: PgDB) => T, onLite: (db: LiteDB) => T): T =>
  isPostgres(db) ? onPg(db) : isSqlite(db) ? onLite(db) : unknownEngine()
const unknownEngine = (): never => {
  throw new Error('Not a database opened by db/client.ts')
}

/** Subquery of the product ids the index matches; no database at hand: the process's engine. */
export const matchedProductIds = (match: string | Placeholder): SQL =>
  (schemaEngine() === 'pg' ? pg : sqlite).matchedProductIds(match)

export const anyMatch = (db: AnyDB, match: string): Promise<boolean> =>
  on(
    db,
    (d) => pg.anyMatch(d, match),
    (d) => sqlite.anyMatch(d, match),
  )
export const countProducts = (db: AnyDB, match: string): Promise<number> =>
  on(
    db,
    (d) => pg.countProducts(d, match),
    (d) => sqlite.countProducts(d, match),
  )
export const rankedProductIds = (db: AnyDB, match: string, limit: number, offset: number): Promise<number[]> =>
  on(
    db,
    (d) => pg.rankedProductIds(d, match, limit, offset),
    (d) => sqlite.rankedProductIds(d, match, limit, offset),
  )
export const rankedPage = (
  db: AnyDB,
  match: string,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number }> =>
  on(
    db,
    (d) => pg.rankedPage(d, match, limit, offset),
    (d) => sqlite.rankedPage(d, match, limit, offset),
  )
export const contentHits = (db: AnyDB, match: string, kind: SearchHit['kind'], limit: number): Promise<SearchHit[]> =>
  on(
    db,
    (d) => pg.contentHits(d, match, kind, limit),
    (d) => sqlite.contentHits(d, match, kind, limit),
  )
export const termsUnder = (db: AnyDB, variants: string[]): Promise<{ term: string; freq: number }[]> =>
  on(
    db,
    (d) => pg.termsUnder(d, variants),
    (d) => sqlite.termsUnder(d, variants),
  )

export const clearIndex = (db: AnyDB): Promise<void> =>
  on(
    db,
    (d) => pg.clearIndex(d),
    (d) => sqlite.clearIndex(d),
  )
export const deleteProductDocs = (db: AnyDB, ids: number[]): Promise<void> =>
  on(
    db,
    (d) => pg.deleteProductDocs(d, ids),
    (d) => sqlite.deleteProductDocs(d, ids),
  )
export const insertProductDocs = (db: AnyDB, docs: { id: number; title: string; body: string }[]): Promise<void> =>
  on(
    db,
    (d) => pg.insertProductDocs(d, docs),
    (d) => sqlite.insertProductDocs(d, docs),
  )
export const insertContentDocs = (db: AnyDB, docs: sqlite.ContentDoc[]): Promise<void> =>
  on(
    db,
    (d) => pg.insertContentDocs(d, docs),
    (d) => sqlite.insertContentDocs(d, docs),
  )
export const insertTerms = (db: AnyDB, terms: { variant: string; term: string; freq: number }[]): Promise<void> =>
  on(
    db,
    (d) => pg.insertTerms(d, terms),
    (d) => sqlite.insertTerms(d, terms),
  )
