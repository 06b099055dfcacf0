import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
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

export function prepareDb(dbFile: string) {
  const r = spawnSync('npx', ['tsx', 'seed/prepare.ts'], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: `file:${dbFile}` },
  })
  if (r.status !== 0) throw new Error('database preparation failed')
}

export function startServer(
  outDir: string,
  port: number,
  dbFile: string,
  extraEnv: Record<string, string> = {},
): ChildProcess {
  return spawn(process.execPath, [`${outDir}/server/index.mjs`], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `file:${dbFile}`,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
  })
}

/** Peak resident set size of a process (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0)
    return Math.round(kb / 1024)
  } catch {
    return 0
  }
}
