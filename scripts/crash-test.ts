// `npm run test:crash`: while checkouts run against the production server, kill -9 it at random
// moments, restart it, and check that every acknowledged order survived with its lines, that
// stock equals the seeded stock minus what was ordered, and that the database is intact.
// `-- --engine pg`: the same on a throwaway PostgreSQL cluster (issue 13).
// `-- --processes N`: N server processes on N ports (PORT, PORT+1…) against the one database, the
// customers spread over them, each kill -9 hitting one of them while the others keep serving.
import { rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { ChildProcess } from 'node:child_process'
import { sql } from 'drizzle-orm'
import { closeDatabase, openDatabaseAsync, type DB } from '../db/client'
import { isPostgres, queryRows } from '../db/engine'
import { build, pgDatabase, prepareDb, sleep, startServer, stopPgCluster, waitFor } from './bench-lib'

const { values: args } = parseArgs({
  options: { engine: { type: 'string', default: 'sqlite' }, processes: { type: 'string', default: '1' } },
})
const OUT = process.env.BUILD_DIR ?? '.output-crash'
const PORT = Number(process.env.CRASH_PORT ?? 3501)
const PROCESSES = Math.max(1, Number(args.processes) || 1)
const baseOf = (p: number) => `http://localhost:${PORT + p}`
const KILLS = Number(process.env.CRASH_KILLS ?? 5)
const WORKERS = Number(process.env.CRASH_WORKERS ?? 8)
const cluster = args.engine === 'pg' ? await pgDatabase('hair_shop_crash') : undefined
/** A SQLite file, or the PostgreSQL URL (bench-lib passes either as DATABASE_URL). */
const target = cluster?.url ?? join(tmpdir(), `hair-shop-crash-${Date.now()}.db`)
const open = () => openDatabaseAsync(target, { migrate: false })

interface Ack {
  orderId: number
  number: string
  offerId: number
  quantity: number
}

const acknowledged: Ack[] = []
let attempts = 0
let refused = 0
let networkErrors = 0
let stop = false

/** A phone of its own per checkout: the per-phone limits on unconfirmed orders would refuse the rest. */
function phoneOf(worker: number, i: number): string {
  const d = String(9_000_000_000 + worker * 1_000_000 + i)
  return `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8, 10)}`
}

async function customer(worker: number, offers: number[]) {
  const BASE = baseOf(worker % PROCESSES)
  let i = 0
  while (!stop) {
    const offerId = offers[(worker * 7919 + i++) % offers.length] as number
    const quantity = 1 + (i % 2)
    try {
      const add = await fetch(`${BASE}/api/cart-list/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: offerId, quantity }),
      })
      const cookie = (add.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
      if (add.status !== 200) {
        refused++
        continue
      }
      attempts++
      const res = await fetch(`${BASE}/api/orders-checkout-offline/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          fullname: 'Анна Крашева',
          phone: phoneOf(worker, i),
          email: 'crash@example.ru',
          delivery: 'courier',
          payment: 'cash',
          address: 'Москва, ул. Тверская, д. 1, кв. 5',
          comment: `worker ${worker}`,
        }),
      })
      const body = (await res.json()) as { order?: { id: number; number: string } }
      if (res.status === 200 && body.order)
        acknowledged.push({ orderId: body.order.id, number: body.order.number, offerId, quantity })
      else {
        refused++
        if (refused <= 3) console.log(`refused: ${res.status} ${JSON.stringify(body).slice(0, 200)}`)
      }
    } catch {
      networkErrors++
      await sleep(50)
    }
  }
}

const stockRows = (db: DB) => queryRows<{ id: number; stock: number }>(db, sql`select id, stock from product_offers`)

/** SQLite's own check; PostgreSQL has none to run here (its WAL recovery is what a kill -9 exercises). */
async function integrityOf(db: DB): Promise<string> {
  if (isPostgres(db)) return 'n/a (PostgreSQL)'
  const [row] = await queryRows<{ integrity_check: string }>(db, sql`pragma integrity_check`)
  return row?.integrity_check ?? 'no answer'
}

async function check(db: DB, initialStock: Map<number, number>): Promise<{ problems: string[]; integrity: string }> {
  const problems: string[] = []
  const integrity = await integrityOf(db)
  if (integrity !== 'ok' && !integrity.startsWith('n/a')) problems.push(`integrity_check: ${integrity}`)
  for (const ack of acknowledged) {
    const lines = await queryRows<{ number: string; offer_id: number; quantity: number }>(
      db,
      sql`select o.number, l.offer_id, l.quantity from orders o join order_lines l on l.order_id = o.id where o.id = ${ack.orderId}`,
    )
    if (lines.length === 0) problems.push(`acknowledged order ${ack.number} is missing`)
    else if (
      lines[0]?.number !== ack.number ||
      !lines.some((l) => l.offer_id === ack.offerId && l.quantity === ack.quantity)
    )
      problems.push(`order ${ack.number} lost its line ${ack.offerId} × ${ack.quantity}`)
  }
  const ordered = new Map(
    (
      await queryRows<{ id: number; q: number }>(
        db,
        sql`select l.offer_id as id, sum(l.quantity) as q from order_lines l join orders o on o.id = l.order_id where o.status <> 'cancelled' group by l.offer_id`,
      )
    ).map((r) => [r.id, Number(r.q)]),
  )
  for (const { id, stock } of await stockRows(db)) {
    const expected = (initialStock.get(id) ?? 0) - (ordered.get(id) ?? 0)
    if (stock !== expected) problems.push(`offer ${id}: stock ${stock}, expected ${expected}`)
    if (stock < 0) problems.push(`offer ${id}: negative stock ${stock}`)
  }
  return { problems, integrity }
}

async function main() {
  if (!existsSync(`${OUT}/server/index.mjs`) || process.env.FORCE_BUILD === '1') build(OUT)
  prepareDb(target)
  const seeded = await open()
  const initialStock = new Map((await stockRows(seeded)).map((r) => [r.id, r.stock]))
  const offers = (
    await queryRows<{ id: number }>(seeded, sql`select id from product_offers where stock >= 5 order by id`)
  ).map((r) => r.id)
  await closeDatabase(seeded)

  const servers: ChildProcess[] = []
  for (let p = 0; p < PROCESSES; p++) servers.push(startServer(OUT, PORT + p, target))
  for (let p = 0; p < PROCESSES; p++) await waitFor(`${baseOf(p)}/healthz`)
  const workers = Array.from({ length: WORKERS }, (_, w) => customer(w, offers))
  for (let k = 1; k <= KILLS; k++) {
    await sleep(800 + Math.floor(Math.random() * 1700))
    const p = (k - 1) % PROCESSES
    const victim = servers[p]!
    victim.kill('SIGKILL')
    await new Promise((r) => victim.once('exit', r))
    console.log(
      `kill -9 #${k}${PROCESSES > 1 ? ` (process ${p + 1} of ${PROCESSES})` : ''} after ${acknowledged.length} acknowledged orders`,
    )
    servers[p] = startServer(OUT, PORT + p, target)
    await waitFor(`${baseOf(p)}/healthz`)
  }
  await sleep(1000)
  stop = true
  await Promise.all(workers)
  await Promise.all(
    servers.map((server) => {
      const exited = new Promise((r) => server.once('exit', r))
      server.kill('SIGTERM')
      return exited
    }),
  )

  const db = await open()
  console.log('checking…')
  const { problems, integrity } = await check(db, initialStock)
  const [{ n: ordersInDb } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`select count(*) as n from orders`)
  await closeDatabase(db)
  console.log(
    `\n${cluster ? 'PostgreSQL' : 'SQLite'}, ${PROCESSES} server process(es): ${KILLS} kills; ${attempts} checkouts attempted, ${acknowledged.length} acknowledged, ${ordersInDb} orders in the database, ${refused} refused (stock/state), ${networkErrors} cut off by a kill`,
  )
  console.log(`integrity_check: ${integrity}`)
  if (cluster) stopPgCluster(cluster.dir)
  else for (const s of ['', '-wal', '-shm']) rmSync(target + s, { force: true })
  if (problems.length) {
    console.error(`FAILED:\n${problems.slice(0, 30).join('\n')}`)
    process.exit(1)
  }
  console.log('OK: every acknowledged order exists with its lines; stock = seeded stock − ordered; database intact')
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
