import { spawn, type ChildProcess } from 'node:child_process'
import { freePort } from './net'
import { testDatabaseUrl } from './setup-file'

/**
 * The production build in `build` served on a free port of 127.0.0.1 against this test file's
 * database (either engine), resolved once `/api/site-options/` answers; `env` adds or overrides
 * variables. `output()` is what the server has written to stdout and stderr so far (still shown
 * as it comes). The caller kills `server` when done.
 */
export async function startBuiltServer(
  build: string,
  env: Record<string, string> = {},
): Promise<{ base: string; server: ChildProcess; output: () => string }> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, [`${build}/server/index.mjs`], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: testDatabaseUrl(),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const written: string[] = []
  for (const stream of [server.stdout, server.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      written.push(chunk.toString('utf8'))
      process.stderr.write(chunk)
    })
  }
  const output = () => written.join('')
  for (let i = 0; i < 150; i++) {
    const ok = await fetch(`${base}/api/site-options/`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { base, server, output }
    await new Promise((r) => setTimeout(r, 200))
  }
  server.kill('SIGTERM')
  throw new Error(`the built server on ${base} did not start`)
}
