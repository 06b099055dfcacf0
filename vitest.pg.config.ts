import { defineConfig } from 'vitest/config'
import base from './vitest.config'

/**
 * `npm run test:pg`: the whole suite (tests/unit, tests/integration) on PostgreSQL (ADR 023), against
 * a throwaway cluster (scripts/pg-cluster.mjs) or PG_TEST_URL: one template database migrated and
 * seeded once (pg-global-setup.ts), a copy per test file (setup-file.ts with DB_ENGINE=pg).
 * The setup file opens that copy before the test file's modules load, so db/schema already hands out
 * the PostgreSQL tables when they read them.
 */
export default defineConfig({
  test: {
    ...base.test,
    // pg-search compares PostgreSQL's search with the seeded SQLite index: it runs in the SQLite suite.
    exclude: ['tests/integration/pg-search.test.ts'],
    globalSetup: ['tests/helpers/pg-global-setup.ts'],
    env: { ...base.test?.env, DB_ENGINE: 'pg' },
  },
})
