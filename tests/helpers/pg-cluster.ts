import { execFileSync } from 'node:child_process'
import { chownSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A throwaway PostgreSQL cluster for a test file: initdb into a temporary folder, a server on the
 * first free port of 5440–5445, trust authentication, no fsync. initdb refuses to run as root: as
 * root the binaries run as the `postgres` user.
 */

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'

export interface Cluster {
  url: string
  stop: () => void
}

const PORTS = [5440, 5441, 5442, 5443, 5444, 5445]

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

export async function startCluster(): Promise<Cluster> {
  const root = process.getuid?.() === 0
  const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-'))
  const run = (bin: string, args: string[]) =>
    execFileSync(
      root ? 'runuser' : join(PG_BIN, bin),
      root ? ['-u', 'postgres', '--', join(PG_BIN, bin), ...args] : args,
      {
        stdio: 'pipe',
      },
    )
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  run('initdb', ['-D', data, '-E', 'UTF8', '--no-locale', '-A', 'trust', '-U', 'postgres'])
  const stop = () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  for (const port of PORTS) {
    if (!(await portFree(port))) continue
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`
    try {
      run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start'])
    } catch {
      continue // taken meanwhile by another process
    }
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop }
  }
  rmSync(dir, { recursive: true, force: true })
  throw new Error(`no free port among ${PORTS.join(', ')} for a test PostgreSQL`)
}
