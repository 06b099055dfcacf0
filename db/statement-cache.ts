import type Database from 'better-sqlite3'

/**
 * SQLite: the connection's `prepare` keeps the statements it compiled, by SQL text, and hands
 * the same one back for the same text. Drizzle prepares every query it runs (the builder has no
 * cache of its own), and compiling was the largest single cost of a short request (a session's
 * cart: ~11 % of its CPU time in a profile, see ADR 020). A statement is reusable because
 * better-sqlite3 runs it to completion synchronously; one still being iterated (`busy`) is not
 * handed out: a fresh one is compiled instead. Drizzle switches a statement to arrays with
 * `raw()` before reading values, and reads plain SQL with it switched off, so a statement that
 * comes back from the cache is switched off first; other modes (`pluck`) belong to whoever
 * prepared a text no one else uses. The least recently used statements leave past `max`.
 */
export function cacheStatements(client: Database.Database, max = 500): void {
  const compile = client.prepare.bind(client)
  const kept = new Map<string, Database.Statement>()
  const prepare = (source: string): Database.Statement => {
    const hit = kept.get(source)
    if (hit && !hit.busy) {
      kept.delete(source)
      kept.set(source, hit)
      return hit.reader ? hit.raw(false) : hit
    }
    const stmt = compile(source)
    if (hit) return stmt
    kept.set(source, stmt)
    if (kept.size > max) kept.delete(kept.keys().next().value as string)
    return stmt
  }
  client.prepare = prepare as typeof client.prepare
}
