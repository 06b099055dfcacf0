import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { transaction } from '../../../db/engine'
import { exchangeImports } from '../../../db/schema'
import type { Locale } from '../../contracts/i18n'
import { log } from '../../logger'
import { hiddenChanged } from '../../services/catalog'
import { stockMayHaveReturned } from '../../services/stock-alerts'
import { uploadExists } from '../files'
import { msg, Refused } from '../messages'
import { applyStep } from './apply'
import { finishStep } from './finish'
import { dropParsing, parseStep } from './parse'
import { fileKind, READER_LEASE_MS, STEP_MS, type ImportState, type StepResult } from './types'

/** The state of one file's import between calls (its exchange_imports row), and one bounded step. */

interface Row {
  id: number
  status: 'running' | 'done' | 'failed'
  position: number
  total: number
  state: Record<string, unknown>
  error: string
}

async function loadRow(db: DB, sessionId: string, rel: string): Promise<Row> {
  const now = Date.now()
  await db
    .insert(exchangeImports)
    .values({ sessionId, filename: rel, status: 'running', createdAt: now, updatedAt: now })
    .onConflictDoNothing()
  const [row] = await db
    .select()
    .from(exchangeImports)
    .where(and(eq(exchangeImports.sessionId, sessionId), eq(exchangeImports.filename, rel)))
  return row as Row
}

async function saveRow(db: DB, row: Row): Promise<void> {
  await db
    .update(exchangeImports)
    .set({
      status: row.status,
      position: row.position,
      total: row.total,
      state: row.state,
      error: row.error,
      updatedAt: Date.now(),
    })
    .where(eq(exchangeImports.id, row.id))
}

/** Forget the import of a file (it is being uploaded again). */
export async function resetImport(db: DB, sessionId: string, rel: string): Promise<void> {
  const [row] = await db
    .select({ id: exchangeImports.id })
    .from(exchangeImports)
    .where(and(eq(exchangeImports.sessionId, sessionId), eq(exchangeImports.filename, rel)))
  if (!row) return
  dropParsing(row.id)
  await db.delete(exchangeImports).where(eq(exchangeImports.id, row.id))
}

/** This server process, one of the several that may serve the shop (WEB_CONCURRENCY, ADR 018). */
const THIS_WORKER = `${process.pid}:${randomUUID()}`

export interface StepOptions {
  budgetMs?: number
  /** Which server process takes the step (tests play two). */
  worker?: string
  readChunk?: number
}

/**
 * Whether `worker` may read the file now. The streaming parser's position lives in the memory of
 * the process that started it, and the 1C client's calls reach any process: the reader holds the
 * file (renewed by each of its steps) and the others answer "progress" meanwhile; a hold not
 * renewed for READER_LEASE_MS (the process died) passes to the next caller, who reads from the top.
 * One write transaction, so two processes never both start reading.
 */
function holdReading(db: DB, rowId: number, worker: string, now: number): Promise<'mine' | 'taken' | 'busy'> {
  return transaction(
    db,
    async (tx) => {
      const [r] = await tx
        .select({ state: exchangeImports.state })
        .from(exchangeImports)
        .where(eq(exchangeImports.id, rowId))
      const state = (r?.state ?? {}) as Partial<ImportState>
      const reader = state.reader
      if (reader && reader.worker !== worker && reader.until > now) return 'busy'
      await tx
        .update(exchangeImports)
        .set({ state: { ...state, reader: { worker, until: now + READER_LEASE_MS } } })
        .where(eq(exchangeImports.id, rowId))
      return reader?.worker === worker ? 'mine' : 'taken'
    },
    { behavior: 'immediate' },
  )
}

/** One bounded step of importing `rel` (a file uploaded in this session). */
export async function importStep(
  db: DB,
  sessionId: string,
  rel: string,
  locale: Locale,
  opts: StepOptions = {},
): Promise<StepResult> {
  const { budgetMs = STEP_MS, worker = THIS_WORKER, readChunk } = opts
  const kind = fileKind(rel)
  if (!kind) return { status: 'failure', reason: msg(locale, 'exchange1c.file.kind', { filename: rel }) }
  if (!uploadExists(sessionId, rel))
    return { status: 'failure', reason: msg(locale, 'exchange1c.file.missing', { filename: rel }) }
  const row = await loadRow(db, sessionId, rel)
  if (row.status === 'done') return { status: 'success', message: msg(locale, 'exchange1c.done', { filename: rel }) }
  if (row.status === 'failed') return { status: 'failure', reason: row.error }
  const deadline = Date.now() + budgetMs
  try {
    let state = row.state as unknown as ImportState
    if (!state.phase) {
      state = {
        kind,
        phase: 'parse',
        onlyChanges: false,
        version: '',
        groups: {},
        usedGroups: [],
        applyOffset: 0,
        staged: 0,
        applied: 0,
      }
    }
    let message: string
    if (state.phase === 'parse') {
      const now = Date.now()
      const hold = await holdReading(db, row.id, worker, now)
      const progress = (position: number, size: number) =>
        msg(locale, 'exchange1c.progress.read', {
          percent: size ? Math.floor((position / size) * 100) : 100,
          filename: rel,
        })
      if (hold === 'busy') return { status: 'progress', message: progress(row.position, row.total) }
      // A parse this process had left behind may be stale: whoever takes the file reads it from the top.
      if (hold === 'taken') dropParsing(row.id)
      state.reader = { worker, until: now + READER_LEASE_MS }
      const p = await parseStep(db, sessionId, rel, row.id, state, deadline, readChunk)
      state = p.state
      if (state.phase !== 'parse') delete state.reader
      row.position = p.offset
      row.total = p.size
      message = progress(p.offset, p.size)
    } else if (state.phase === 'apply') {
      await applyStep(db, sessionId, rel, state, deadline)
      hiddenChanged(db)
      // Stock or visibility may be back: "Сообщить о поступлении" alerts go out (ADR 016).
      stockMayHaveReturned(db)
      row.position = state.applied
      row.total = state.staged
      message = msg(locale, 'exchange1c.progress.write', { done: state.applied, total: state.staged })
    } else {
      await finishStep(db, sessionId, rel, state)
      hiddenChanged(db)
      row.status = 'done'
      row.state = state as unknown as Record<string, unknown>
      await saveRow(db, row)
      return { status: 'success', message: msg(locale, 'exchange1c.done', { filename: rel }) }
    }
    row.state = state as unknown as Record<string, unknown>
    await saveRow(db, row)
    return { status: 'progress', message }
  } catch (e) {
    dropParsing(row.id)
    const reason =
      e instanceof Refused ? e.text(locale) : msg(locale, 'exchange1c.internal', { detail: (e as Error).message })
    if (!(e instanceof Refused)) log.error('1C import failed', { file: rel, error: (e as Error).stack })
    row.status = 'failed'
    row.error = reason
    await saveRow(db, row)
    return { status: 'failure', reason }
  }
}
