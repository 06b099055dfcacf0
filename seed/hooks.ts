import type { DB } from '../db/client'
import { rebuildSearchIndex } from '../server/services/search'

/**
 * Work that must follow every seed inside the same transaction (search index rebuild).
 * Domain modules append to this list; the seed calls each one.
 */
export const afterSeedHooks: ((db: DB) => Promise<void> | void)[] = [rebuildSearchIndex]
