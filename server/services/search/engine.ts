import type { Placeholder, SQL } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { isPostgres } from '../../../db/engine'
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
const on = (db: DB) => (isPostgres(db) ? pg : sqlite)

/** Subquery of the product ids the index matches; no database at hand: the process's engine. */
export const matchedProductIds = (match: string | Placeholder): SQL =>
  (schemaEngine() === 'pg' ? pg : sqlite).matchedProductIds(match)

export const anyMatch = (db: DB, match: string): Promise<boolean> => on(db).anyMatch(db, match)
export const countProducts = (db: DB, match: string): Promise<number> => on(db).countProducts(db, match)
export const rankedProductIds = (db: DB, match: string, limit: number, offset: number): Promise<number[]> =>
  on(db).rankedProductIds(db, match, limit, offset)
export const rankedPage = (
  db: DB,
  match: string,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number }> => on(db).rankedPage(db, match, limit, offset)
export const contentHits = (db: DB, match: string, kind: SearchHit['kind'], limit: number): Promise<SearchHit[]> =>
  on(db).contentHits(db, match, kind, limit)
export const termsUnder = (db: DB, variants: string[]): Promise<{ term: string; freq: number }[]> =>
  on(db).termsUnder(db, variants)

export const clearIndex = (db: DB): Promise<void> => on(db).clearIndex(db)
export const deleteProductDocs = (db: DB, ids: number[]): Promise<void> => on(db).deleteProductDocs(db, ids)
export const insertProductDocs = (db: DB, docs: { id: number; title: string; body: string }[]): Promise<void> =>
  on(db).insertProductDocs(db, docs)
export const insertContentDocs = (db: DB, docs: sqlite.ContentDoc[]): Promise<void> =>
  on(db).insertContentDocs(db, docs)
export const insertTerms = (db: DB, terms: { variant: string; term: string; freq: number }[]): Promise<void> =>
  on(db).insertTerms(db, terms)
