import { defineConfig } from 'vitest/config'
import base from './vitest.config'

/**
 * `npm run test:pg`: the whole suite (tests/unit, tests/integration) on PostgreSQL (ADR 023), against
 * a throwaway cluster (scripts/pg-cluster.mjs) or PG_TEST_URL: one template database migrated and
 * seeded once (pg-global-setup.ts), a copy per test file (setup-file.ts with DB_ENGINE=pg).
 * The setup file opens that copy before the test file's modules load, so db/schema already hands out
 * the PostgreSQL tables when they read them.
 */
/**
 * `npm test` runs `test:pg:ci`: the suite on PostgreSQL without these files, whose own test code
 * still speaks SQLite (raw SQL with rowid, group_concat, 0/1 booleans, unquoted camelCase aliases;
 * the SQLite connection read directly). The services they test are engine-neutral; `npm run test:pg`
 * runs everything. Issue 13: this list must end empty.
 */
const notYetOnPostgres: string[] = []

export default defineConfig({
  test: {
    ...base.test,
    // pg-search compares PostgreSQL's search with the seeded SQLite index: it runs in the SQLite suite.
    exclude: ['tests/integration/pg-search.test.ts', ...(process.env.PG_SUITE === 'ci' ? notYetOnPostgres : [])],
    globalSetup: ['tests/helpers/pg-global-setup.ts'],
    env: { ...base.test?.env, DB_ENGINE: 'pg' },
  },
})
