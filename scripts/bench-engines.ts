// `npm run bench:engines`: the same rows of `npm run bench` for SQLite with one server process,
// SQLite with N and PostgreSQL with N (npm start, WEB_CONCURRENCY=N; default N: the cores), one
// after the other on one build, printed side by side (issue 13 §6). A script that prints figures.
//
//   --processes N   N for the two multi-process columns
//   --build-dir D   use the build in D (e.g. a copy of an earlier commit's, to compare before/after)
//   BENCH_SECONDS   seconds per row (default 10)
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { build, type Row } from './bench-lib'

const { values: args } = parseArgs({ options: { processes: { type: 'string' }, 'build-dir': { type: 'string' } } })
const N = Number(args.processes ?? availableParallelism())
const OUT = args['build-dir'] ?? '.output-bench'

/** The rows: the startup batch, the catalog entity, a session's cart, a session's catalog page. */
const ROWS = ['composite', 'cart-list', 'entity/ /catalog/shampoo/', 'SSR catalog section']

const columns: { label: string; args: string[] }[] = [
  { label: 'SQLite ×1', args: [] },
  { label: `SQLite ×${N}`, args: ['--processes', String(N)] },
  { label: `PostgreSQL ×${N}`, args: ['--engine', 'pg', '--processes', String(N)] },
]

if (!args['build-dir']) {
  console.log('Building the production server…')
  build(OUT)
}
const results: Record<string, Row[]> = {}
for (const column of columns) {
  const file = join(tmpdir(), `hair-shop-bench-${process.pid}-${Date.now()}.json`)
  console.log(
    `\n=== ${column.label} (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  )
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench.ts', '--build-dir', OUT, '--rows', ROWS.join(','), ...column.args],
    { stdio: 'inherit', env: { ...process.env, BENCH_JSON: file } },
  )
  if (r.status !== 0 || !existsSync(file)) throw new Error(`${column.label}: npm run bench failed`)
  results[column.label] = (JSON.parse(readFileSync(file, 'utf8')) as Row[]).filter((row) => !row.name.startsWith('raw'))
  rmSync(file, { force: true })
}

const names = [...new Set(Object.values(results).flatMap((rows) => rows.map((row) => row.name)))]
const cell = (row: Row | undefined) =>
  row
    ? `${row.rps} req/s, p99 ${row.p99} ms${row.errors + row.non2xx ? `, ${row.errors + row.non2xx} errors` : ''}`
    : '—'
console.log(`\nSide by side (one run; autocannon; ${availableParallelism()} cores)`)
console.table(
  Object.fromEntries(
    names.map((name) => [
      name,
      Object.fromEntries(columns.map((c) => [c.label, cell(results[c.label]?.find((row) => row.name === name))])),
    ]),
  ),
)
