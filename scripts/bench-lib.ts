import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import pg from 'pg'
import { readFileSync } from 'node:fs'

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function waitFor(url: string, timeoutMs = 120_000) {
  const start = Date.now()
  for (;;) {
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not up yet
    }
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${url}`)
    await sleep(250)
  }
}

export function build(outDir: string) {
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, BUILD_DIR: outDir },
  })
  if (r.status !== 0) throw new Error('build failed')
}

/** A throwaway PostgreSQL cluster (scripts/pg-cluster.mjs) and an empty database `name` in it. */
export async function pgDatabase(name: string): Promise<{ url: string; dir: string }> {
  const out = execFileSync(process.execPath, ['scripts/pg-cluster.mjs', 'start'], { encoding: 'utf8' })
  const dir = /PG_CLUSTER_DIR=(.+)/.exec(out)?.[1] ?? ''
  const server = /DATABASE_URL=(.+)/.exec(out)?.[1] ?? ''
  const client = new pg.Client({ connectionString: server })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  return { url: server.replace(/\/[^/]*$/, `/${name}`), dir }
}

export function stopPgCluster(dir: string) {
  execFileSync(process.execPath, ['scripts/pg-cluster.mjs', 'stop', dir])
}

/** DATABASE_URL for a SQLite file or a PostgreSQL URL (`--engine pg`). */
const urlOf = (target: string) => (/^postgres(ql)?:/.test(target) ? target : `file:${target}`)

export function prepareDb(dbFile: string) {
  const r = spawnSync('npx', ['tsx', 'seed/prepare.ts'], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: urlOf(dbFile) },
  })
  if (r.status !== 0) throw new Error('database preparation failed')
}

export function startServer(
  outDir: string,
  port: number,
  dbFile: string,
  extraEnv: Record<string, string> = {},
  nodeArgs: string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, `${outDir}/server/index.mjs`], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: urlOf(dbFile),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
  })
}

/** `npm start` (scripts/start.mjs) serving a build with WEB_CONCURRENCY server processes (ADR 018). */
export function startShop(outDir: string, port: number, dbFile: string, processes: number): ChildProcess {
  return spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      BUILD_DIR: outDir,
      WEB_CONCURRENCY: String(processes),
      PORT: String(port),
      DATABASE_URL: urlOf(dbFile),
      LOG_LEVEL: 'warn',
    },
  })
}

function peakKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0)
  } catch {
    return 0
  }
}

/** Peak resident set size (VmHWM) of a process and its children (cluster workers), summed, in MB. */
export function peakRssMb(pid: number): number {
  const children = spawnSync('ps', ['--ppid', String(pid), '-o', 'pid='], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0)
  return Math.round([pid, ...children].reduce((kb, p) => kb + peakKb(p), 0) / 1024)
}

/** One throughput row of `npm run bench` (scripts/bench-engines.ts reads them back). */
export interface Row {
  name: string
  rps: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}
