// `npx tsx scripts/render-cpu.ts [--build-dir D] [--port P] [--n N] [--profile]`: server CPU µs
// per render of home, a catalog section, a product page and a blog post (issue 14 §2). Serves the
// build in D (default .output) on a fresh database, on port P (default 3720), asks each page N
// times (default 200) one request at a time, each with its own query string so the page cache
// (server/page-cache.ts: the key holds the URL) renders it anew, and divides the process's CPU time
// (/proc/<pid>/stat utime + stime) by N. With --profile the server runs with --cpu-prof and the top
// self-time functions are printed. A script that prints figures, not a test.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { prepareDb, sleep, startServer, waitFor } from './bench-lib'
import { pageTypes } from './first-load-lib'

const { values: args } = parseArgs({
  options: {
    'build-dir': { type: 'string' },
    port: { type: 'string' },
    n: { type: 'string' },
    profile: { type: 'boolean' },
  },
})
const OUT = args['build-dir'] ?? '.output'
const BASE = `http://localhost:${Number(args.port ?? 3720)}`
const N = Number(args.n ?? 200)
const dbFile = join(tmpdir(), `hair-shop-render-${Date.now()}.db`)
const profDir = args.profile ? mkdtempSync(join(tmpdir(), 'render-prof-')) : ''

/** CPU time (user + system) of a process so far, in µs (clock ticks of 10 ms). */
function cpuUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10_000
}

/** The page without what differs between two renders of it (nonce, the probe's query, render times). */
function comparable(html: string): string {
  const nonce = /nonce="([0-9a-f]+)"/.exec(html)?.[1]
  return (nonce ? html.split(nonce).join('NONCE') : html)
    .replace(/\{\\?"rcpu\\?":\w+\}/g, '{}')
    .replace(/rcpu=\w+/g, '')
    .replace(/\d{13}/g, 'T')
}

async function get(path: string) {
  const start = performance.now()
  const res = await fetch(BASE + path)
  const html = await res.text()
  return { status: res.status, hit: res.headers.has('x-page-cache'), html, ms: performance.now() - start }
}

async function measure(path: string, pid: number, tag: string) {
  const sep = path.includes('?') ? '&' : '?'
  const base = await get(path)
  const cached = await get(path)
  // A distinct query string: a new render of the same page.
  const probe = await get(`${path}${sep}rcpu=0`)
  if (probe.status !== 200 || probe.hit) throw new Error(`${path}?rcpu: status ${probe.status}, hit ${probe.hit}`)
  const same = comparable(probe.html) === comparable(base.html)
  for (let i = 1; i <= 20; i++) await get(`${path}${sep}rcpu=${tag}${i}`) // warm-up
  const walls: number[] = []
  const before = cpuUs(pid)
  for (let i = 0; i < N; i++) {
    const r = await get(`${path}${sep}rcpu=${tag}${1000 + i}`)
    if (r.status !== 200 || r.hit) throw new Error(`${path}: status ${r.status}, hit ${r.hit}`)
    walls.push(r.ms)
  }
  const cpu = (cpuUs(pid) - before) / N
  walls.sort((a, b) => a - b)
  return {
    path,
    'CPU µs/render': Math.round(cpu),
    'wall p50 ms': Number(walls[N >> 1]!.toFixed(1)),
    'cache hit ms': Number(cached.ms.toFixed(1)),
    'HTML KB': Number((probe.html.length / 1024).toFixed(1)),
    'same page': same,
  }
}

function topSelf(file: string, count = 25) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]
    samples: number[]
    timeDeltas: number[]
  }
  const byId = new Map(p.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  let total = 0
  p.samples.forEach((id, i) => {
    const n = byId.get(id)!
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*\/(node_modules|\.output[^/]*|server)\//, '$1/')}:${n.callFrame.lineNumber}`
    const t = p.timeDeltas[i] ?? 0
    total += t
    self.set(key, (self.get(key) ?? 0) + t)
  })
  console.log(`Profile ${file}: ${(total / 1000).toFixed(0)} ms sampled; top self time`)
  for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, count))
    console.log(`${(t / 1000).toFixed(0).padStart(7)} ms ${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`)
}

async function main() {
  prepareDb(dbFile)
  const nodeArgs = profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []
  const server = startServer(OUT, Number(new URL(BASE).port), dbFile, {}, nodeArgs)
  try {
    await waitFor(`${BASE}/healthz`)
    const types = await pageTypes(BASE)
    const rows = []
    for (const name of ['home', 'catalog section', 'product', 'blog post'])
      rows.push({ page: name, ...(await measure(types[name]!, server.pid!, String(rows.length))) })
    console.log(`Server CPU per render, ${N} renders each (${OUT})`)
    console.table(rows)
  } finally {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    await sleep(200)
    for (const s of ['', '-wal', '-shm']) rmSync(dbFile + s, { force: true })
  }
  if (profDir) {
    for (const f of readdirSync(profDir)) topSelf(join(profDir, f))
    console.log(`Profiles kept in ${profDir}`)
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
