import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { startBuiltServer } from '../helpers/built-server'

/**
 * A server process told to stop (SIGTERM: a deploy, `docker stop`, the primary of `npm start`)
 * finishes its requests and exits by itself: nothing it opened keeps it alive. On PostgreSQL
 * that means the pool's idle connections and the change listener (db/pg-signal.ts) of both
 * database handles the built server holds (the app's and the periodic jobs'). srvx's graceful
 * shutdown is off when CI or TEST is set, so they are cleared for this process.
 */
const build = process.env.BUILD_DIR

describe.skipIf(!build || !existsSync(`${build}/server/index.mjs`))('stopping a server process', () => {
  it('exits by itself after SIGTERM once its requests are done', async () => {
    const { base, server } = await startBuiltServer(build!, { CI: '', TEST: '' })
    try {
      const added = await fetch(`${base}/api/cart-list/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ id: 1 }),
      })
      expect(added.status).toBe(200)
      const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)))
      server.kill('SIGTERM')
      const code = await Promise.race([exited, new Promise<'alive'>((r) => setTimeout(() => r('alive'), 15_000))])
      expect(code).toBe(0)
    } finally {
      server.kill('SIGKILL')
    }
  }, 60_000)
})
