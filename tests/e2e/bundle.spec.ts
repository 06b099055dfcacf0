import { test, expect } from '@playwright/test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Server-only code never reaches the browser: strings that exist only in those modules. */
const SERVER_MARKERS = [
  'better-sqlite3', // the native driver
  'journal_mode = WAL', // db/client.ts
  'SQLiteTable', // drizzle-orm's table class
  'Unhandled error in API route', // server/rest/execute.ts
  'dev-payment-secret', // server/env.ts defaults
  'Outbound post failed', // server/services/outbound.ts
]

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? filesUnder(join(dir, e.name))
      : e.name.endsWith('.mjs') || e.name.endsWith('.js')
        ? [join(dir, e.name)]
        : [],
  )
}

test('the client bundle holds no server-only module', () => {
  const out = process.env.BUILD_DIR ?? '.output'
  // The markers are real: the server build contains the app's own ones.
  const serverText = filesUnder(join(out, 'server', '_ssr'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n')
  for (const marker of ['journal_mode = WAL', 'Unhandled error in API route', 'Outbound post failed'])
    expect(serverText).toContain(marker)
  const dir = join(out, 'public', 'assets')
  const files = readdirSync(dir).filter((f) => f.endsWith('.js'))
  expect(files.length).toBeGreaterThan(0)
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'utf8')
    for (const marker of SERVER_MARKERS) expect(text.includes(marker), `${marker} in ${f}`).toBe(false)
  }
})
