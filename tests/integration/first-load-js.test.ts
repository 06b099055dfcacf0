import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser } from '@playwright/test'
import { startBuiltServer } from '../helpers/built-server'
import { firstLoadScripts, firstLoadTotals, kb, pageTypes } from '../../scripts/first-load-lib'

/**
 * The first-load JavaScript budget per page type (issue 14, ADR 011): every script a page loads
 * in Chromium until the network is idle, gzip -9, summed. The goal is 120 KB on every page type,
 * reached with ADR 037 (React and TanStack Router/Start alone take ~94 KB of it: ADR 011). Each page
 * type is held at its size then plus 1 KB, never above the goal (measured with
 * scripts/first-load-js.ts): a change that adds to a first load fails here; lower a limit when a
 * page shrinks. `FIRST_LOAD_BUDGET_KB=<n>` applies one limit to every page.
 *
 * Runs when BUILD_DIR names a build (as `npm test` runs it), once: the scripts a page loads do not
 * depend on the engine, so the PostgreSQL suite (`npm run test:pg`, DB_ENGINE=pg) skips it.
 * `BUILD_DIR=.output npx vitest run tests/integration/first-load-js.test.ts`.
 */
const GOAL_KB = 120
const LIMIT_KB: Record<string, number> = {
  home: 120,
  'catalog section': 120,
  product: 120,
  blog: 115.3,
  'blog post': 116.5,
  cart: 118.7,
  login: 117.4,
}

const build = process.env.BUILD_DIR
const runs = process.env.DB_ENGINE !== 'pg' && !!build && existsSync(`${build}/server/index.mjs`)
describe.skipIf(!runs)('first-load JavaScript per page type', () => {
  let server: ChildProcess | undefined
  let browser: Browser | undefined
  let base = ''

  beforeAll(async () => {
    ;({ base, server } = await startBuiltServer(build!))
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    })
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    server?.kill('SIGTERM')
  })

  it('no page type loads more than its limit', { timeout: 120_000 }, async () => {
    const override = Number(process.env.FIRST_LOAD_BUDGET_KB) || undefined
    const types = await pageTypes(base)
    expect(Object.keys(types).sort()).toEqual(Object.keys(LIMIT_KB).sort())
    const over: string[] = []
    for (const [name, path] of Object.entries(types)) {
      const scripts = await firstLoadScripts(browser!, base + path, build!)
      expect(scripts.length, `${name} loads scripts`).toBeGreaterThan(0)
      const { gzip } = firstLoadTotals(scripts)
      const limit = override ?? Math.min(GOAL_KB, LIMIT_KB[name]!)
      if (gzip > limit) {
        const biggest = [...scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 3)
        over.push(
          `${name} ${path}: ${gzip} KB > ${limit} KB, goal ${GOAL_KB} KB (${biggest.map((s) => `${s.path} ${kb(s.gzip)}`).join(', ')})`,
        )
      }
    }
    expect(over).toEqual([])
  })
})
