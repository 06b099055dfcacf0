import type { DB } from '../db/client'

/**
 * Work that must follow every seed inside the same transaction (search index rebuild).
 * Domain modules append to this list; the seed calls each one.
 */
export const afterSeedHooks: ((db: DB) => void)[] = []
