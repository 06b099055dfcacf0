// `npm run test:crash`: while checkouts run against the production server, kill -9 it at random
// moments, restart it, and check that every acknowledged order survived with its lines, that
// stock equals the seeded stock minus what was ordered, and that the database is intact.
import Database from 'better-sqlite3'
import { existsSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { build, prepareDb, sleep, startServer, waitFor } from './bench-lib'

const OUT = process.env.BUILD_DIR ?? '.output-crash'
const PORT = Number(process.env.CRASH_PORT ?? 3501)
const BASE = `http://localhost:${PORT}`
const KILLS = Number(process.env.CRASH_KILLS ?? 5)
const WORKERS = Number(process.env.CRASH_WORKERS ?? 8)
const dbFile = join(tmpdir(), `hair-shop-crash-${Date.now()}.db`)

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

async function customer(worker: number, offers: number[]) {
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
          phone: '+7 (912) 345-67-89',
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
      else refused++
    } catch {
      networkErrors++
      await sleep(50)
    }
  }
}

async function main() {
  if (!existsSync(`${OUT}/server/index.mjs`) || process.env.FORCE_BUILD === '1') build(OUT)
  prepareDb(dbFile)
  const seeded = new Database(dbFile, { readonly: true })
  const initialStock = new Map(
    (seeded.prepare('select id, stock from product_offers').all() as { id: number; stock: number }[]).map((r) => [
      r.id,
      r.stock,
    ]),
  )
  const offers = (
    seeded.prepare('select id from product_offers where stock >= 5 order by id').all() as { id: number }[]
  ).map((r) => r.id)
  seeded.close()

  let server: ChildProcess = startServer(OUT, PORT, dbFile)
  await waitFor(`${BASE}/healthz`)
  const workers = Array.from({ length: WORKERS }, (_, w) => customer(w, offers))
  for (let k = 1; k <= KILLS; k++) {
    await sleep(800 + Math.floor(Math.random() * 1700))
    server.kill('SIGKILL')
    await new Promise((r) => server.once('exit', r))
    console.log(`kill -9 #${k} after ${acknowledged.length} acknowledged orders`)
    server = startServer(OUT, PORT, dbFile)
    await waitFor(`${BASE}/healthz`)
  }
  await sleep(1000)
  stop = true
  await Promise.all(workers)
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))

  const db = new Database(dbFile)
  const problems: string[] = []
  const integrity = (db.prepare('pragma integrity_check').get() as { integrity_check: string }).integrity_check
  if (integrity !== 'ok') problems.push(`integrity_check: ${integrity}`)
  const lineOf = db.prepare(
    'select o.number, l.offer_id as offerId, l.quantity from orders o join order_lines l on l.order_id = o.id where o.id = ?',
  )
  for (const ack of acknowledged) {
    const lines = lineOf.all(ack.orderId) as { number: string; offerId: number; quantity: number }[]
    if (lines.length === 0) problems.push(`acknowledged order ${ack.number} is missing`)
    else if (
      lines[0]?.number !== ack.number ||
      !lines.some((l) => l.offerId === ack.offerId && l.quantity === ack.quantity)
    )
      problems.push(`order ${ack.number} lost its line ${ack.offerId} × ${ack.quantity}`)
  }
  const ordered = new Map(
    (
      db
        .prepare(
          "select l.offer_id as id, sum(l.quantity) as q from order_lines l join orders o on o.id = l.order_id where o.status <> 'cancelled' group by l.offer_id",
        )
        .all() as { id: number; q: number }[]
    ).map((r) => [r.id, r.q]),
  )
  for (const [id, stock] of (
    db.prepare('select id, stock from product_offers').all() as { id: number; stock: number }[]
  ).map((r) => [r.id, r.stock] as const)) {
    const expected = (initialStock.get(id) ?? 0) - (ordered.get(id) ?? 0)
    if (stock !== expected) problems.push(`offer ${id}: stock ${stock}, expected ${expected}`)
    if (stock < 0) problems.push(`offer ${id}: negative stock ${stock}`)
  }
  const ordersInDb = (db.prepare('select count(*) as n from orders').get() as { n: number }).n
  db.close()
  console.log(
    `\n${KILLS} kills; ${attempts} checkouts attempted, ${acknowledged.length} acknowledged, ${ordersInDb} orders in the database, ${refused} refused (stock/state), ${networkErrors} cut off by a kill`,
  )
  console.log(`integrity_check: ${integrity}`)
  for (const s of ['', '-wal', '-shm']) rmSync(dbFile + s, { force: true })
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
