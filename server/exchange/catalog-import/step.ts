import { and, eq } from 'drizzle-orm'
import type { DB } from '../../../db/client'
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
import { fileKind, STEP_MS, type ImportState, type StepResult } from './types'

/** The state of one file's import between calls (its exchange_imports row), and one bounded step. */

interface Row {
  id: number
  status: 'running' | 'done' | 'failed'
  position: number
  total: number
  state: Record<string, unknown>
  error: string
}

function loadRow(db: DB, sessionId: string, rel: string): Row {
  const now = Date.now()
  db.insert(exchangeImports)
    .values({ sessionId, filename: rel, status: 'running', createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .run()
  return db
    .select()
    .from(exchangeImports)
    .where(and(eq(exchangeImports.sessionId, sessionId), eq(exchangeImports.filename, rel)))
    .get() as Row
}

function saveRow(db: DB, row: Row) {
  db.update(exchangeImports)
    .set({
      status: row.status,
      position: row.position,
      total: row.total,
      state: row.state,
      error: row.error,
      updatedAt: Date.now(),
    })
    .where(eq(exchangeImports.id, row.id))
    .run()
}

/** Forget the import of a file (it is being uploaded again). */
export function resetImport(db: DB, sessionId: string, rel: string) {
  const row = db
    .select({ id: exchangeImports.id })
    .from(exchangeImports)
    .where(and(eq(exchangeImports.sessionId, sessionId), eq(exchangeImports.filename, rel)))
    .get()
  if (!row) return
  dropParsing(row.id)
  db.delete(exchangeImports).where(eq(exchangeImports.id, row.id)).run()
}

/** One bounded step of importing `rel` (a file uploaded in this session). */
export function importStep(db: DB, sessionId: string, rel: string, locale: Locale, budgetMs = STEP_MS): StepResult {
  const kind = fileKind(rel)
  if (!kind) return { status: 'failure', reason: msg(locale, 'exchange1c.file.kind', { filename: rel }) }
  if (!uploadExists(sessionId, rel))
    return { status: 'failure', reason: msg(locale, 'exchange1c.file.missing', { filename: rel }) }
  const row = loadRow(db, sessionId, rel)
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
      const p = parseStep(db, sessionId, rel, row.id, state, deadline)
      state = p.state
      row.position = p.offset
      row.total = p.size
      message = msg(locale, 'exchange1c.progress.read', {
        percent: p.size ? Math.floor((p.offset / p.size) * 100) : 100,
        filename: rel,
      })
    } else if (state.phase === 'apply') {
      applyStep(db, sessionId, rel, state, deadline)
      hiddenChanged(db)
      // Stock or visibility may be back: "Сообщить о поступлении" alerts go out (ADR 016).
      stockMayHaveReturned(db)
      row.position = state.applied
      row.total = state.staged
      message = msg(locale, 'exchange1c.progress.write', { done: state.applied, total: state.staged })
    } else {
      finishStep(db, sessionId, rel, state)
      hiddenChanged(db)
      row.status = 'done'
      row.state = state as unknown as Record<string, unknown>
      saveRow(db, row)
      return { status: 'success', message: msg(locale, 'exchange1c.done', { filename: rel }) }
    }
    row.state = state as unknown as Record<string, unknown>
    saveRow(db, row)
    return { status: 'progress', message }
  } catch (e) {
    dropParsing(row.id)
    const reason =
      e instanceof Refused ? e.text(locale) : msg(locale, 'exchange1c.internal', { detail: (e as Error).message })
    if (!(e instanceof Refused)) log.error('1C import failed', { file: rel, error: (e as Error).stack })
    row.status = 'failed'
    row.error = reason
    saveRow(db, row)
    return { status: 'failure', reason }
  }
}
