import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * CI's Playwright retry must not hide a flaky test (issue 30 §4, ADR 049): with the e2e suite's own
 * settings (playwright.config.ts under CI=1), a test that passes only on its retry fails the run and
 * is named at the end with the first attempt's error. Engine-independent: the SQLite suite runs it.
 */
describe.skipIf(process.env.DB_ENGINE === 'pg')('a test that passes only on a retry', () => {
  it('fails the CI run and is listed at the end', { timeout: 60_000 }, () => {
    const out = mkdtempSync(join(tmpdir(), 'flaky-ci-'))
    try {
      const r = spawnSync(
        resolve('node_modules/.bin/playwright'),
        ['test', '-c', 'tests/fixtures/flaky/playwright.config.ts'],
        {
          env: { ...process.env, CI: '1', FLAKY_OUTPUT_DIR: out, FORCE_COLOR: '0' },
          encoding: 'utf8',
          timeout: 50_000,
        },
      )
      const output = r.stdout + r.stderr
      expect(output).toMatch(/1 flaky/)
      expect(output).toMatch(/1 passed/)
      expect(r.status, output).toBe(1)
      const summary = output.slice(output.indexOf('FLAKY:'))
      expect(summary).toMatch(/^FLAKY: 1 test\(s\) passed only on a retry/)
      expect(summary).toMatch(/flaky\.spec\.ts:4 › passes only on the retry/)
      expect(summary).toMatch(/attempt 1: .*the first attempt/)
      expect(summary).not.toMatch(/passes at once/)
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })
})
