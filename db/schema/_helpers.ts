import { integer } from 'drizzle-orm/sqlite-core'

/** Milliseconds since the epoch; SQLite has no date type and integers sort and compare cheaply. */
export const timestamp = (name: string) => integer(name, { mode: 'number' })
export const now = () => Date.now()
export const bool = (name: string) => integer(name, { mode: 'boolean' })
