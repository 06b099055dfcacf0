import type { DB } from '../db/client'
import { closeDb, getDb } from './db'
import { purgeExpiredAuthRows } from './auth/session'
import { env } from './env'
import { log } from './logger'
import { expireHolds } from './services/order-holds'
import { retryPendingRefunds, syncOpenPayments } from './services/payments'
import { deliverStockAlerts } from './services/stock-alerts'
import { sendBookingReminders } from './services/booking/notify'
import { processDue as deliverOutboundPosts } from './services/outbound'

/**
 * Periodic jobs of one server process (docs/deploying.md, "Periodic jobs").
 *
 * Started once per process when the server boots (the nitro plugin at the end of this file,
 * listed in vite.config.ts). Each job runs again `everyMs` after its previous run ended, minus
 * up to 20 % of jitter (so processes started together drift apart, and "every minute" still
 * means at least once a minute); a run never overlaps the job's previous run in this process;
 * a failure is logged, never thrown; the timers are unref()ed, so they never keep a process
 * alive. Several processes may run the same job at once: each job function makes that safe
 * through its own transactions.
 */
export interface Job {
  name: string
  everyMs: number
  run(db: DB): unknown
}

interface JobState {
  job: Job
  timer?: ReturnType<typeof setTimeout>
  running?: Promise<void>
  runs: number
  failures: number
  lastRunAt?: number
}

const JITTER = 0.2
/** The first run comes soon after boot (work that piled up while the server was down). */
const FIRST_RUN_WITHIN_MS = 15_000

const jobs = new Map<string, JobState>()
let started = false
let dbOf: () => DB = getDb

/** Adds a job (or replaces the one of the same name); it runs once the jobs are started. */
export function registerJob(job: Job) {
  if (!(job.everyMs > 0)) throw new Error(`job ${job.name}: everyMs must be positive`)
  const existing = jobs.get(job.name)
  if (existing?.timer) clearTimeout(existing.timer)
  const state: JobState = { job, runs: 0, failures: 0 }
  jobs.set(job.name, state)
  if (started) schedule(state, firstDelay(job))
}

const firstDelay = (job: Job) => Math.random() * Math.min(job.everyMs, FIRST_RUN_WITHIN_MS)
const nextDelay = (job: Job) => job.everyMs * (1 - JITTER * Math.random())

function schedule(state: JobState, delay: number) {
  state.timer = setTimeout(() => {
    state.timer = undefined
    void runJob(state.job.name).finally(() => {
      if (started && jobs.get(state.job.name) === state) schedule(state, nextDelay(state.job))
    })
  }, delay)
  state.timer.unref()
}

/**
 * Runs a job now and waits for it; when it is already running in this process, waits for that
 * run instead of starting another. Never throws: a failure is logged and counted.
 */
export function runJob(name: string): Promise<void> {
  const state = jobs.get(name)
  if (!state) return Promise.reject(new Error(`no job named ${name}`))
  if (state.running) return state.running
  // Cleared in a then-callback, never synchronously: a job that throws at once must not leave
  // a settled promise behind as "running".
  const run = execute(state).finally(() => {
    if (state.running === run) state.running = undefined
  })
  state.running = run
  return run
}

async function execute(state: JobState): Promise<void> {
  const name = state.job.name
  const t0 = Date.now()
  try {
    const result: unknown = await state.job.run(dbOf())
    state.runs++
    log.debug('Job done', { job: name, ms: Date.now() - t0, result })
  } catch (e) {
    state.failures++
    log.error('Job failed', {
      job: name,
      ms: Date.now() - t0,
      error: e instanceof Error ? { name: e.name, message: e.message, stack: e.stack } : String(e),
    })
  } finally {
    state.lastRunAt = Date.now()
  }
}

/** Starts every registered job's timer (once per process; a second call does nothing). */
export function startJobs(opts: { db?: () => DB } = {}) {
  if (started) return
  started = true
  if (opts.db) dbOf = opts.db
  for (const state of jobs.values()) schedule(state, firstDelay(state.job))
}

/** Stops the timers (a run in progress finishes); tests call it, and the server on close. */
export function stopJobs() {
  started = false
  dbOf = getDb
  for (const state of jobs.values()) {
    if (state.timer) clearTimeout(state.timer)
    state.timer = undefined
  }
}

/** The runs in progress (a stopped job's last run may still be going). */
export async function jobsSettled(): Promise<void> {
  const running = [...jobs.values()].flatMap((s) => (s.running ? [s.running] : []))
  await Promise.allSettled(running)
}

/** Forgets every job (tests). */
export function clearJobs() {
  stopJobs()
  jobs.clear()
}

/** What each job has done in this process (tests, diagnostics). */
export function jobStats(): { name: string; runs: number; failures: number; running: boolean; lastRunAt?: number }[] {
  return [...jobs.values()].map((s) => ({
    name: s.job.name,
    runs: s.runs,
    failures: s.failures,
    running: s.running !== undefined,
    lastRunAt: s.lastRunAt,
  }))
}

const MINUTE = 60_000

/** The shop's jobs (docs/deploying.md lists them). */
export function registerShopJobs() {
  // Unpaid online orders past PAYMENT_HOLD_MINUTES: cancelled, stock returned (at least once a minute).
  registerJob({ name: 'expire-payment-holds', everyMs: MINUTE, run: (db) => expireHolds(db) })
  // Open acquirer payments re-read (a notification late or lost).
  registerJob({ name: 'sync-open-payments', everyMs: MINUTE, run: (db) => syncOpenPayments(db) })
  registerJob({ name: 'retry-pending-refunds', everyMs: 5 * MINUTE, run: (db) => retryPendingRefunds(db) })
  // "Сообщить о поступлении": alerts of volumes back in stock by any path (ADR 016).
  registerJob({ name: 'stock-alerts', everyMs: MINUTE, run: (db) => deliverStockAlerts(db) })
  // Salon visits: the SMS (and e-mail) 24 h and 2 h before, each once (issue 26).
  registerJob({ name: 'booking-reminders', everyMs: MINUTE, run: (db) => sendBookingReminders(db) })
  // Call-tracking posts queued by form submissions (and left over from before a restart).
  registerJob({ name: 'outbound-posts', everyMs: 5_000, run: (db) => deliverOutboundPosts(db) })
  registerJob({ name: 'purge-expired-auth-rows', everyMs: 15 * MINUTE, run: (db) => purgeExpiredAuthRows(db) })
}

/**
 * The nitro runtime plugin (vite.config.ts `nitro({ plugins })`): runs once when the server
 * process boots, before it takes requests. A bad environment (or a production one with demo
 * parts) stops the process here with its one-line-per-problem message, as `seed/prepare.ts` does.
 */
export default function jobsPlugin(nitroApp: { hooks?: { hook(name: 'close', fn: () => unknown): unknown } }) {
  try {
    env()
  } catch (e) {
    console.error((e as Error).message)
    process.exit(1)
  }
  registerShopJobs()
  startJobs()
  // After the last request (SIGTERM, SIGINT): no new runs, the running ones finish, then the
  // database closes (on PostgreSQL its pool and listener would keep the process alive).
  nitroApp.hooks?.hook('close', async () => {
    stopJobs()
    await jobsSettled()
    await closeDb()
  })
  log.info('Periodic jobs started', { jobs: jobStats().map((j) => j.name) })
}
