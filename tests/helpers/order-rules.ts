import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { testDatabaseTarget } from './setup-file'

const TSX = resolve('node_modules/.bin/tsx')
const WORKER = resolve('tests/helpers/order-rules-worker.ts')

/**
 * Runs one order-rules-worker process per job on this test file's database, all released at the
 * same moment (each has its own connection, so their transactions really overlap); answers each
 * job's result, in order.
 */
export async function race(jobs: string[][]): Promise<unknown[]> {
  const file = testDatabaseTarget()
  const procs = jobs.map((args) => {
    const p = spawn(TSX, [WORKER, file, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    let out = ''
    const ready = new Promise<void>((ok, fail) => {
      p.stdout.on('data', (d: Buffer) => {
        out += d.toString()
        if (out.includes('ready\n')) ok()
      })
      p.on('exit', (code) => (code ? fail(new Error(`worker exited ${code}`)) : undefined))
    })
    const done = new Promise<unknown>((ok, fail) => {
      p.on('exit', (code) => {
        if (code) return fail(new Error(`worker exited ${code}`))
        ok(JSON.parse(out.trim().split('\n').pop() ?? 'null'))
      })
    })
    return { p, ready, done }
  })
  await Promise.all(procs.map((w) => w.ready))
  for (const w of procs) w.p.stdin.write('go\n')
  return Promise.all(procs.map((w) => w.done))
}
