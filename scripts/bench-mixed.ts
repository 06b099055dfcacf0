// Issue 25's mixed row of `npm run bench` (scripts/bench.ts): page readers beside anonymous
// shoppers adding to carts, against the same readers alone, and the page cache's share of reads
// at a shop's pace.
import autocannon from 'autocannon'
import { sleep } from './bench-lib'

export const WRITES_PER_SECOND = 10
const PACED_READS_PER_SECOND = 40
const MIX_SECONDS = Number(process.env.BENCH_MIX_SECONDS ?? 4)
/** Alone/beside pairs per page: a shared machine's load swings between seconds, so several short ones. */
const ROUNDS = 4

/**
 * Anonymous shoppers adding to carts (each POST without a cookie: a new session and cart) at
 * WRITES_PER_SECOND until the returned stop() is called; stop() answers how many failed.
 */
function writers(BASE: string): () => Promise<{ sent: number; failed: number }> {
  let sent = 0
  let failed = 0
  const pending = new Set<Promise<void>>()
  const timer = setInterval(() => {
    sent++
    const p = fetch(`${BASE}/api/cart-list/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 1 + (sent % 3) }),
    })
      .then(async (res) => {
        if (!res.ok) failed++
        await res.arrayBuffer()
      })
      .catch(() => {
        failed++
      })
      .finally(() => pending.delete(p))
    pending.add(p)
  }, 1000 / WRITES_PER_SECOND)
  return async () => {
    clearInterval(timer)
    await Promise.all(pending)
    return { sent, failed }
  }
}

/** 20 readers of one page for MIX_SECONDS (no warm-up: the page was read just before). */
async function readers(url: string) {
  const r = await autocannon({ url, connections: 20, duration: MIX_SECONDS })
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx }
}

/** The page read at PACED_READS_PER_SECOND for DURATION seconds: the share answered from the page cache (x-page-cache: hit). */
async function paced(url: string, DURATION: number) {
  let hits = 0
  let reads = 0
  const latencies: number[] = []
  const pending: Promise<void>[] = []
  const end = Date.now() + DURATION * 1000
  for (let next = Date.now(); next < end; next += 1000 / PACED_READS_PER_SECOND) {
    await sleep(Math.max(0, next - Date.now()))
    const started = performance.now()
    pending.push(
      fetch(url).then(async (res) => {
        await res.arrayBuffer()
        reads++
        latencies.push(performance.now() - started)
        if (res.headers.get('x-page-cache') === 'hit') hits++
      }),
    )
  }
  await Promise.all(pending)
  latencies.sort((a, b) => a - b)
  return { hitRate: hits / Math.max(1, reads), p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0) }
}

/**
 * Issue 25's mixed row, per page: 20 readers alone and beside the writers, interleaved (alone,
 * beside, … ROUNDS times) so a busy machine weighs on both alike; then the page read at a shop's
 * pace beside the writers, with the share of reads the page cache answered.
 */
export async function mixedRows(BASE: string, pages: [string, string][], DURATION: number) {
  const out: Record<string, string | number>[] = []
  for (const [page, path] of pages) {
    const url = `${BASE}${path}`
    await autocannon({ url, connections: 20, duration: 2 }) // warm-up
    const alone: Awaited<ReturnType<typeof readers>>[] = []
    const beside: Awaited<ReturnType<typeof readers>>[] = []
    let writes = { sent: 0, failed: 0 }
    for (let round = 0; round < ROUNDS; round++) {
      alone.push(await readers(url))
      const stop = writers(BASE)
      beside.push(await readers(url))
      const w = await stop()
      writes = { sent: writes.sent + w.sent, failed: writes.failed + w.failed }
    }
    const stop = writers(BASE)
    const pace = await paced(url, DURATION)
    const w = await stop()
    writes = { sent: writes.sent + w.sent, failed: writes.failed + w.failed }
    const mean = (rs: { rps: number }[]) => rs.reduce((n, r) => n + r.rps, 0) / rs.length
    out.push({
      page,
      'alone req/s': Math.round(mean(alone)),
      'alone p99 ms': Math.max(...alone.map((r) => r.p99)),
      'with writers req/s': Math.round(mean(beside)),
      'with writers p99 ms': Math.max(...beside.map((r) => r.p99)),
      ratio: Math.round((mean(beside) / Math.max(1, mean(alone))) * 100) / 100,
      [`paced ${PACED_READS_PER_SECOND}/s from cache %`]: Math.round(pace.hitRate * 1000) / 10,
      'paced p99 ms': pace.p99,
      'read errors': [...alone, ...beside].reduce((n, r) => n + r.errors, 0),
      'cart adds (failed)': `${writes.sent} (${writes.failed})`,
    })
  }
  return out
}
