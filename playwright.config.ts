import { defineConfig, devices } from '@playwright/test'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const PORT = Number(process.env.E2E_PORT ?? 3210)
const DB = join(tmpdir(), `hair-shop-e2e-${Date.now()}.db`)

/**
 * Desktop specs that write nothing a test of another lane reads (no cart of a stocked product, no
 * order, no booking) and assert nothing about stock: they can run beside the 'desktop' lane.
 * A spec that starts buying, booking or counting stock moves back to 'desktop'.
 */
const READERS = /\/(english|search-suggest|filters-island|navigation-states|foundation|home|security|bundle)\.spec\.ts$/

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Two lanes (CI time, issue 13; ADR 049): the desktop specs, which buy, book and read stock,
  // one after the other; beside them the accessibility matrix (orders of its own accounts on
  // products no other spec buys) and then the desktop specs that change nothing and depend on no
  // stock (READERS). Each test is its own client address (tests/e2e/fixtures.ts).
  workers: 2,
  // CI keeps one retry so a failure's trace is taken twice, but a test that passes only on its
  // retry fails the run and is listed at the end (issue 30 §4, ADR 049).
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], [resolve(import.meta.dirname, 'tests/helpers/flaky-reporter.ts')]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'ru-RU',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: [/a11y\.spec\.ts/, READERS],
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'a11y',
      testMatch: /a11y\.spec\.ts/,
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    // The same desktop browser as 'desktop'; a project of its own so it runs in the second lane.
    {
      name: 'readers',
      testMatch: READERS,
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    command: `node scripts/start.mjs`,
    url: `http://localhost:${PORT}/api/site-options/`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      DATABASE_URL: `file:${DB}`,
      LOG_LEVEL: 'warn',
      PAYMENT_SECRET: 'e2e-payment-secret-0123456789',
      // Each test sends its own X-Forwarded-For (tests/e2e/fixtures.ts): one client address per test.
      TRUSTED_PROXIES: '127.0.0.1,::1',
    },
  },
})
