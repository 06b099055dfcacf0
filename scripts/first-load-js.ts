// `npx tsx scripts/first-load-js.ts [--build-dir D] [--port P] [--chunks]`: the first-load
// JavaScript of each page type (scripts/first-load-lib.ts), and with --chunks every script with
// its size and the pages that load it. Serves the build in D (default .output) on a fresh
// database, on port P (default 3710). A script that prints figures, not a test.
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { prepareDb, sleep, startServer, waitFor } from './bench-lib'
import { firstLoadScripts, firstLoadTotals, kb, pageTypes } from './first-load-lib'

const { values: args } = parseArgs({
  options: { 'build-dir': { type: 'string' }, port: { type: 'string' }, chunks: { type: 'boolean' } },
})
const OUT = args['build-dir'] ?? '.output'
const BASE = `http://localhost:${Number(args.port ?? 3710)}`
const dbFile = join(tmpdir(), `hair-shop-js-${Date.now()}.db`)

async function main() {
  prepareDb(dbFile)
  const server = startServer(OUT, Number(new URL(BASE).port), dbFile)
  try {
    await waitFor(`${BASE}/healthz`)
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    })
    const table: Record<string, { path: string; scripts: number; 'gzip -9': number; 'brotli as served': number }> = {}
    const chunks = new Map<string, { gzip: number; pages: string[] }>()
    for (const [name, path] of Object.entries(await pageTypes(BASE))) {
      const scripts = await firstLoadScripts(browser, BASE + path, OUT)
      const total = firstLoadTotals(scripts)
      table[name] = { path, scripts: scripts.length, 'gzip -9': total.gzip, 'brotli as served': total.brotli }
      for (const s of scripts) {
        const c = chunks.get(s.path) ?? { gzip: s.gzip, pages: [] }
        c.pages.push(name)
        chunks.set(s.path, c)
      }
    }
    await browser.close()
    console.log('First-load JavaScript per page type (KB)')
    console.table(table)
    if (args.chunks)
      console.table(
        [...chunks.entries()]
          .sort((a, b) => b[1].gzip - a[1].gzip)
          .map(([script, c]) => ({ script, 'gzip -9 KB': kb(c.gzip), pages: c.pages.join(', ') })),
      )
  } finally {
    server.kill('SIGTERM')
    await sleep(200)
    for (const s of ['', '-wal', '-shm']) rmSync(dbFile + s, { force: true })
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
