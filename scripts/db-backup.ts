// `npm run db:backup [-- <folder>]`: a consistent copy of the live database, taken while the
// shop keeps running (SQLite's online backup API through better-sqlite3's db.backup()), checked
// with PRAGMA integrity_check, named with the time it was taken. The folder is the argument,
// else BACKUP_DIR; the newest BACKUP_KEEP copies are kept (0 = all). Restore: docs/deploying.md.
import Database from 'better-sqlite3'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { databasePath, env } from '../server/env'

const NAME = /^shop-\d{8}-\d{6}(-\d+)?Z\.db$/

export interface BackupResult {
  path: string
  bytes: number
  ms: number
  removed: string[]
}

/** `shop-20261124-010055Z.db` (UTC), with a counter when that second is taken already. */
function backupName(dir: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  let name = `shop-${stamp}Z.db`
  for (let i = 2; existsSync(join(dir, name)); i++) name = `shop-${stamp}-${i}Z.db`
  return name
}

export async function backupDatabase(source: string, folder: string, keep = 0): Promise<BackupResult> {
  if (!existsSync(source)) throw new Error(`No database at ${source}`)
  const dir = resolve(folder)
  mkdirSync(dir, { recursive: true })
  const t0 = Date.now()
  const final = join(dir, backupName(dir, new Date()))
  // Written under a temporary name: a copy that is not finished and checked never looks like one.
  const partial = `${final}.partial`
  const db = new Database(source, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    await db.backup(partial, {
      // The first step copies 100 pages; then the rest in one step, so that writes by the shop
      // in between (which restart an online backup) cannot keep it from finishing. In WAL mode
      // the step reads one snapshot and blocks no writer.
      progress: ({ totalPages }) => Math.max(totalPages, 100),
    })
  } finally {
    db.close()
  }
  const copy = new Database(partial)
  try {
    // One self-contained file (no -wal beside it): the server switches it back to WAL on open.
    copy.pragma('journal_mode = DELETE')
    const check = copy.pragma('integrity_check') as { integrity_check: string }[]
    const verdict = check.map((r) => r.integrity_check).join('; ')
    if (verdict !== 'ok') throw new Error(`integrity_check of the copy failed: ${verdict}`)
  } catch (e) {
    copy.close()
    for (const s of ['', '-wal', '-shm', '-journal']) rmSync(partial + s, { force: true })
    throw e
  }
  copy.close()
  renameSync(partial, final)
  const removed: string[] = []
  if (keep > 0) {
    const copies = readdirSync(dir)
      .filter((n) => NAME.test(n))
      .sort()
    for (const old of copies.slice(0, Math.max(0, copies.length - keep))) {
      rmSync(join(dir, old), { force: true })
      removed.push(old)
    }
  }
  return { path: final, bytes: statSync(final).size, ms: Date.now() - t0, removed }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const e = env()
    const folder = process.argv[2] || e.BACKUP_DIR
    const r = await backupDatabase(databasePath(), folder, e.BACKUP_KEEP)
    console.log(`${r.path} ${r.bytes} bytes (${mb(r.bytes)}), integrity ok, ${r.ms} ms`)
    for (const old of r.removed) console.log(`removed ${old} (BACKUP_KEEP=${e.BACKUP_KEEP})`)
  } catch (e) {
    console.error(`db:backup failed: ${(e as Error).message}`)
    process.exit(1)
  }
}
