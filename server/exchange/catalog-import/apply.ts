import { closeSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { transaction } from '../../../db/engine'
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

export async function applyStep(
  db: DB,
  sessionId: string,
  rel: string,
  state: ImportState,
  deadline: number,
): Promise<void> {
  const path = stagedPath(sessionId, rel)
  if (state.kind === 'import' && !state.sections) {
    state.sections = await transaction(db, (tx) => prepareSections(tx, state), { behavior: 'immediate' })
    return
  }
  const { lines } = readLines(path, state.applyOffset)
  if (!lines.length) {
    state.phase = 'finish'
    return
  }
  await transaction(
    db,
    async (tx) => {
      const pending = readPending()
      let changedPending = false
      const touched = new Set<number>()
      const apply =
        state.kind === 'import' ? await productWriter(tx, state, sessionId, pending) : offerWriter(tx, state.kind)
      for (const line of lines) {
        const rec = JSON.parse(line.text) as ProductRec & OfferRec
        const r = await apply(rec)
        if (r.productId !== null) touched.add(r.productId)
        if (r.pendingChanged) changedPending = true
        state.applyOffset = line.end
        state.applied++
        // The rest of the step (stock sums, search index) needs time of its own.
        if (Date.now() >= deadline - STEP_MS / 2 || state.applied % MAX_PER_STEP === 0) break
      }
      const ids = [...touched]
      if (state.kind !== 'import') {
        await refreshAggregates(tx, ids)
        // Products made by import.xml that now have a priced offer become visible.
        const shown = ids.filter((id) => pending.has(id))
        const visible = await showPriced(tx, shown)
        for (const id of visible) pending.delete(id)
        if (visible.length) {
          changedPending = true
          await reindexProducts(tx, visible)
        }
      } else {
        await reindexProducts(tx, ids)
      }
      if (changedPending) writePending(pending)
    },
    { behavior: 'immediate' },
  )
}

/** Sections for the groups products name: by external id, else a seeded section of the same title, else new. */
async function prepareSections(db: DB, state: ImportState): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  const byTitle = async (title: string) => {
    const [row] = await db
      .select({ id: catalogSections.id })
      .from(catalogSections)
      .where(and(isNull(catalogSections.externalId), sql`lower(${catalogSections.title}) = lower(${title})`))
      .orderBy(asc(catalogSections.id))
      .limit(1)
    return row
  }
  const [top] = await db.select({ m: max(catalogSections.sort) }).from(catalogSections)
  let sort = top?.m ?? 0
  for (const gid of state.usedGroups) {
    const g = state.groups[gid]!
    const existing = await sectionIdByExt(db, gid)
    if (existing) {
      await db.update(catalogSections).set({ title: g.name }).where(eq(catalogSections.id, existing.id))
      out[gid] = existing.id
      continue
    }
    const adopt = await byTitle(g.name)
    if (adopt) {
      await db.update(catalogSections).set({ externalId: gid }).where(eq(catalogSections.id, adopt.id))
      out[gid] = adopt.id
      continue
    }
    const slug = await uniqueSlug(db, 'catalog_sections', g.name, gid)
    const [row] = await db
      .insert(catalogSections)
      .values({ slug, title: g.name, titleEn: g.name, description: '', sort: ++sort, externalId: gid })
      .returning({ id: catalogSections.id })
    out[gid] = row!.id
  }
  return out
}
