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
const notYetOnPostgres: string[] = [
  'tests/integration/account-merge.test.ts',
  'tests/integration/account-oauth-identities.test.ts',
  'tests/integration/account-sign-in.test.ts',
  'tests/integration/account-takeover.test.ts',
  'tests/integration/cart-changes.test.ts',
  'tests/integration/cart.test.ts',
  'tests/integration/checkout-extras.test.ts',
  'tests/integration/commerce-concurrency.test.ts',
  'tests/integration/content-services.test.ts',
  'tests/integration/edge-guard.test.ts',
  'tests/integration/english-content.test.ts',
  'tests/integration/entity-cache.test.ts',
  'tests/integration/exchange-catalog-protocol.test.ts',
  'tests/integration/exchange-catalog-workers.test.ts',
  'tests/integration/exchange-catalog.test.ts',
  'tests/integration/feed.test.ts',
  'tests/integration/get-safety.test.ts',
  'tests/integration/jobs.test.ts',
  'tests/integration/order-holds.test.ts',
  'tests/integration/orders.test.ts',
  'tests/integration/platform.test.ts',
  'tests/integration/seed.test.ts',
  'tests/integration/service-booking.test.ts',
  'tests/integration/sessions.test.ts',
  'tests/integration/stock-alerts.test.ts',
]

export default defineConfig({
  test: {
    ...base.test,
    // pg-search compares PostgreSQL's search with the seeded SQLite index: it runs in the SQLite suite.
    exclude: ['tests/integration/pg-search.test.ts', ...(process.env.PG_SUITE === 'ci' ? notYetOnPostgres : [])],
    globalSetup: ['tests/helpers/pg-global-setup.ts'],
    env: { ...base.test?.env, DB_ENGINE: 'pg' },
  },
})
