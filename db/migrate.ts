import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { existsSync } from 'node:fs'
import { resolve, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The migrations folder is looked up at run time, not bundled: the production server
 * lives in .output/server, so try the working directory first, then walk up from this file.
 */
export function migrationsFolder(): string {
  const candidates = [resolve(process.cwd(), 'drizzle')]
  try {
    let dir = dirname(fileURLToPath(import.meta.url))
    for (let i = 0; i < 6; i++) {
      candidates.push(resolve(dir, 'drizzle'))
      dir = dirname(dir)
    }
  } catch {
    // import.meta.url is not a file URL in some bundles; the cwd candidate remains.
  }
  const found = candidates.find((c) => existsSync(resolve(c, 'meta/_journal.json')))
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`)
  return found
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function migrateDatabase(db: BetterSQLite3Database<any>) {
  migrate(db, { migrationsFolder: migrationsFolder() })
}
