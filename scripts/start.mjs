// `npm start`: build when no build exists, migrate and seed an empty database, then serve with
// WEB_CONCURRENCY server processes sharing PORT (node:cluster, docs/decisions/018-web-concurrency.md).
import cluster from 'node:cluster'
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { setTimeout } from 'node:timers'

const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env, ...opts })
  if (r.status !== 0) process.exit(r.status ?? 1)
  return r
}

const outDir = process.env.BUILD_DIR ?? '.output'
if (!existsSync(`${outDir}/server/index.mjs`) || process.env.FORCE_BUILD === '1') {
  console.log('No production build yet: building (vite build)…')
  run('npx', ['vite', 'build', '--logLevel', 'warn'])
}
// Once, before any server process: validates the environment (a bad value stops here, naming
// the variable), migrates and seeds an empty database under a lock (seed/prepare.ts). It hands
// back the validated number of server processes on fd 3: server/env.ts holds the one rule.
const prepared = run(process.execPath, ['--import', 'tsx', 'seed/prepare.ts', '--report-workers'], {
  stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
})
const workers = Number(String(prepared.output[3] ?? '').trim())
if (!Number.isInteger(workers) || workers < 1) {
  console.error('seed/prepare.ts did not report WEB_CONCURRENCY')
  process.exit(1)
}

/** More deaths than this within CRASH_WINDOW_MS: the workers crash-loop, the primary gives up. */
const MAX_DEATHS = 5
const CRASH_WINDOW_MS = 30_000
/** A dead worker comes back after 0.5 s, 1 s, 2 s… (at most 10 s) while deaths are recent. */
const backoffMs = (recent) => Math.min(10_000, 500 * 2 ** Math.max(0, recent - 1))
/** How long workers get to finish their requests after SIGINT/SIGTERM before they are killed. */
const STOP_GRACE_MS = 10_000

cluster.setupPrimary({ exec: 'scripts/start-worker.mjs', args: [`${outDir}/server/index.mjs`] })
const workerEnv = { NODE_ENV: 'production', WEB_CONCURRENCY: String(workers) }
let stopping = false
let exitCode = 0
let deaths = []

for (let i = 0; i < workers; i++) cluster.fork(workerEnv)
let listening = 0
cluster.on('listening', () => {
  if (++listening === workers) console.log(`Serving with ${workers} server process(es) (WEB_CONCURRENCY)`)
})

/** While stopping: exit once every worker's process has ended. */
const exitWhenAllDead = () => {
  if (stopping && Object.values(cluster.workers ?? {}).every((w) => !w || w.isDead())) process.exit(exitCode)
}
cluster.on('disconnect', exitWhenAllDead)

cluster.on('exit', (worker, code, signal) => {
  if (stopping) return exitWhenAllDead()
  const now = Date.now()
  deaths = deaths.filter((t) => now - t < CRASH_WINDOW_MS)
  deaths.push(now)
  const how = signal ? `signal ${signal}` : `code ${code}`
  if (deaths.length > MAX_DEATHS) {
    console.error(
      `Server processes keep dying (${deaths.length} in ${CRASH_WINDOW_MS / 1000} s, last: ${how}): stopping`,
    )
    stop('SIGTERM', 1)
    return
  }
  const delay = backoffMs(deaths.length)
  console.error(`Server process ${worker.process.pid} died (${how}); another starts in ${delay} ms`)
  // Not unref()ed: when every worker is dead, this timer is what keeps the primary alive.
  setTimeout(() => {
    if (!stopping) cluster.fork(workerEnv)
  }, delay)
})

function stop(signal, code = 0) {
  if (stopping) return
  stopping = true
  exitCode = code
  for (const w of Object.values(cluster.workers ?? {})) if (w && !w.isDead()) w.process.kill(signal)
  exitWhenAllDead()
  setTimeout(() => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL')
    process.exit(exitCode || 1)
  }, STOP_GRACE_MS).unref()
}

for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig))
