// A throwaway PostgreSQL cluster for tests and CI (ADR 023), nothing assumed about the machine but
// the server binaries (Debian's `postgresql`).
//
//   node scripts/pg-cluster.mjs start   → initdb into a new temporary folder, start on a free port
//                                         (5433-5439, or PG_PORT), print `PG_CLUSTER_DIR=<dir>` and
//                                         `DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres`
//   node scripts/pg-cluster.mjs stop <dir>   → stop it and delete the folder
//
// initdb and postgres refuse to run as root: as root they run as the `postgres` user, which owns
// the folder; as anyone else they run as that user. Trust authentication on 127.0.0.1 only.
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const PORTS = process.env.PG_PORT ? [Number(process.env.PG_PORT)] : [5433, 5434, 5435, 5436, 5437, 5438, 5439]

/** The folder of initdb/pg_ctl: PG_BIN, on PATH, or Debian's newest /usr/lib/postgresql/<v>/bin. */
export function pgBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN
  if (spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).status === 0) return ''
  const base = '/usr/lib/postgresql'
  const versions = existsSync(base) ? readdirSync(base).filter((v) => /^\d+$/.test(v)) : []
  versions.sort((a, b) => Number(b) - Number(a))
  const found = versions.map((v) => join(base, v, 'bin')).find((d) => existsSync(join(d, 'initdb')))
  if (!found) throw new Error('PostgreSQL server binaries not found (apt-get install postgresql, or set PG_BIN)')
  return found
}

const isRoot = () => process.getuid?.() === 0

/** Runs a PostgreSQL binary as the user allowed to run it. */
function runPg(bin, args) {
  const exe = join(pgBin(), bin)
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args]
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

function portFree(port) {
  return new Promise((done) => {
    const srv = createServer()
    srv.once('error', () => done(false))
    srv.listen(port, '127.0.0.1', () => srv.close(() => done(true)))
  })
}

export async function startCluster() {
  const dir = mkdtempSync(join(tmpdir(), 'hair-shop-pg-'))
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  runPg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '-N'])
  for (const port of PORTS) {
    if (!(await portFree(port))) continue
    // A test cluster: durability off, enough connections for parallel test files.
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`
    try {
      runPg('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', 'start'])
    } catch {
      continue // taken between the probe and the start: the next port
    }
    return { dir, port, url: `postgres://postgres@127.0.0.1:${port}/postgres` }
  }
  rmSync(dir, { recursive: true, force: true })
  throw new Error(`No free port among ${PORTS.join(', ')}`)
}

export function stopCluster(dir) {
  if (!dir || !existsSync(join(dir, 'data'))) throw new Error(`Not a cluster folder: ${dir}`)
  try {
    runPg('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop'])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const [command, arg] = process.argv.slice(2)
if (import.meta.url === `file://${process.argv[1]}`) {
  if (command === 'start') {
    const c = await startCluster()
    console.log(`PG_CLUSTER_DIR=${c.dir}\nDATABASE_URL=${c.url}`)
  } else if (command === 'stop') {
    stopCluster(arg)
  } else {
    console.error('usage: node scripts/pg-cluster.mjs start | stop <dir>')
    process.exit(2)
  }
}
