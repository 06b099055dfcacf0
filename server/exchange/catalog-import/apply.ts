import { closeSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { catalogSections } from '../../../db/schema'
import { reindexProducts } from '../../services/search'
import { exchangeRoot, stagedPath } from '../files'
import { uniqueSlug } from '../slug'
import { sectionIdByExt } from './lookups'
import { offerWriter, refreshAggregates, showPriced } from './offers'
import { productWriter } from './products'
import { MAX_PER_STEP, STEP_MS, type ImportState, type OfferRec, type ProductRec } from './types'

/**
 * Phase 2, write: the staged lines in transactions of one step each (products, or offers with
 * their prices and stock), by external id, so repeating a file gives the same catalog.
 */

/** Complete lines of the staged file from `offset`, at most `max` bytes' worth. */
function readLines(path: string, offset: number, max = 1024 * 1024): { lines: { text: string; end: number }[] } {
  const fd = openSync(path, 'r')
  try {
    const buf = Buffer.alloc(max)
    const n = readSync(fd, buf, 0, max, offset)
    const lines: { text: string; end: number }[] = []
    let start = 0
    for (let i = 0; i < n; i++) {
      if (buf[i] === 10) {
        lines.push({ text: buf.toString('utf8', start, i), end: offset + i + 1 })
        start = i + 1
      }
    }
    if (n === max && lines.length === 0) throw new Error('staged record larger than the read buffer')
    return { lines }
  } finally {
    closeSync(fd)
  }
}

const pendingFile = () => join(exchangeRoot(), 'pending-products.json')
export function readPending(): Set<number> {
  try {
    return new Set(JSON.parse(readFileSync(pendingFile(), 'utf8')) as number[])
  } catch {
    return new Set()
  }
}
export function writePending(ids: Set<number>) {
  writeFileSync(pendingFile(), JSON.stringify([...ids]))
}

export function applyStep(db: DB, sessionId: string, rel: string, state: ImportState, deadline: number) {
  const path = stagedPath(sessionId, rel)
  if (state.kind === 'import' && !state.sections) {
    state.sections = db.transaction(() => prepareSections(db, state), { behavior: 'immediate' })
    return
  }
  const { lines } = readLines(path, state.applyOffset)
  if (!lines.length) {
    state.phase = 'finish'
    return
  }
  db.transaction(
    () => {
      const pending = readPending()
      let changedPending = false
      const touched = new Set<number>()
      const apply = state.kind === 'import' ? productWriter(db, state, sessionId, pending) : offerWriter(db, state.kind)
      for (const line of lines) {
        const rec = JSON.parse(line.text) as ProductRec & OfferRec
        const r = apply(rec)
        if (r.productId !== null) touched.add(r.productId)
        if (r.pendingChanged) changedPending = true
        state.applyOffset = line.end
        state.applied++
        // The rest of the step (stock sums, search index) needs time of its own.
        if (Date.now() >= deadline - STEP_MS / 2 || state.applied % MAX_PER_STEP === 0) break
      }
      const ids = [...touched]
      if (state.kind !== 'import') {
        refreshAggregates(db, ids)
        // Products made by import.xml that now have a priced offer become visible.
        const shown = ids.filter((id) => pending.has(id))
        const visible = showPriced(db, shown)
        for (const id of visible) pending.delete(id)
        if (visible.length) {
          changedPending = true
          reindexProducts(db, visible)
        }
      } else {
        reindexProducts(db, ids)
      }
      if (changedPending) writePending(pending)
    },
    { behavior: 'immediate' },
  )
}

/** Sections for the groups products name: by external id, else a seeded section of the same title, else new. */
function prepareSections(db: DB, state: ImportState): Record<string, number> {
  const out: Record<string, number> = {}
  const byTitle = (title: string) =>
    db
      .select({ id: catalogSections.id })
      .from(catalogSections)
      .where(and(isNull(catalogSections.externalId), sql`lower(${catalogSections.title}) = lower(${title})`))
      .orderBy(asc(catalogSections.id))
      .limit(1)
      .get()
  let sort =
    db
      .select({ m: max(catalogSections.sort) })
      .from(catalogSections)
      .get()?.m ?? 0
  for (const gid of state.usedGroups) {
    const g = state.groups[gid]!
    const existing = sectionIdByExt(db, gid)
    if (existing) {
      db.update(catalogSections).set({ title: g.name }).where(eq(catalogSections.id, existing.id)).run()
      out[gid] = existing.id
      continue
    }
    const adopt = byTitle(g.name)
    if (adopt) {
      db.update(catalogSections).set({ externalId: gid }).where(eq(catalogSections.id, adopt.id)).run()
      out[gid] = adopt.id
      continue
    }
    const slug = uniqueSlug(db, 'catalog_sections', g.name, gid)
    const r = db
      .insert(catalogSections)
      .values({ slug, title: g.name, titleEn: g.name, description: '', sort: ++sort, externalId: gid })
      .run()
    out[gid] = Number(r.lastInsertRowid)
  }
  return out
}
