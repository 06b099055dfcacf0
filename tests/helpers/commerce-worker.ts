/**
 * A separate OS process hammering the same SQLite file (concurrency tests): its own
 * connection, the real REST adapter. Prepares, prints "ready", waits for "go" on stdin, fires
 * its requests all at once, prints the statuses as JSON.
 *
 *   tsx tests/helpers/commerce-worker.ts <db file> checkout <offerId> <count>
 *   tsx tests/helpers/commerce-worker.ts <db file> add <offerId> <count> <sid cookie>
 */
import { createInterface } from 'node:readline'
import { openDatabaseAsync, setDbForTests } from '../../db/client'
import { ApiClient } from './api'

const [file, mode, offer, countRaw, sid] = process.argv.slice(2)
if (!file || !mode || !offer || !countRaw) throw new Error('usage: commerce-worker <db> <mode> <offerId> <count> [sid]')
setDbForTests(await openDatabaseAsync(file, { migrate: false }))
const offerId = Number(offer)
const count = Number(countRaw)
const order = {
  fullname: 'Анна Иванова',
  phone: '+79123456789',
  email: 'anna@example.com',
  delivery: 'courier',
  address: 'г. Москва, ул. Тверская, д. 1',
}

const clients: ApiClient[] = []
for (let i = 0; i < count; i++) {
  const v = new ApiClient()
  if (mode === 'checkout') {
    const res = await v.post('/api/cart-list/', { id: offerId })
    if (res.status !== 200) throw new Error(`prepare: ${res.status}`)
  } else if (sid) {
    v.cookies.set('sid', sid)
  }
  clients.push(v)
}
process.stdout.write('ready\n')
const rl = createInterface({ input: process.stdin })
for await (const line of rl) if (line.trim() === 'go') break
rl.close()

const statuses = await Promise.all(
  clients.map(async (v) => {
    const res =
      mode === 'checkout'
        ? await v.post('/api/orders-checkout-offline/', order)
        : await v.post('/api/cart-list/', { id: offerId })
    return res.status
  }),
)
process.stdout.write(JSON.stringify(statuses) + '\n')
process.exit(0)
