/**
 * A separate OS process hammering the test file's database (concurrency tests): its own
 * connection, the real REST adapter. Started once per test file and reused for each race
 * (issue 30 §4: a process's start is most of a race's time). Per race it reads one JSON line,
 * prepares its clients with a cleared data cache (as a new process would), prints "ready",
 * waits for "go", fires its requests all at once and prints the statuses as JSON. It exits
 * when its stdin ends.
 *
 *   tsx tests/helpers/commerce-worker.ts <db file or URL>
 *   stdin: {"mode":"checkout","offerId":1,"count":10}  |  {"mode":"add","offerId":1,"count":20,"sid":"…"}, then go
 */
import { createInterface } from 'node:readline'
import { openDatabaseAsync, setDbForTests } from '../../db/client'
import { clearDataCache } from '../../server/cache'
import { ApiClient } from './api'

const [file] = process.argv.slice(2)
if (!file) throw new Error('usage: commerce-worker <db>')
setDbForTests(await openDatabaseAsync(file, { migrate: false }))
const order = {
  fullname: 'Анна Иванова',
  phone: '+79123456789',
  email: 'anna@example.com',
  delivery: 'courier',
  address: 'г. Москва, ул. Тверская, д. 1',
}

interface Race {
  mode: 'checkout' | 'add'
  offerId: number
  count: number
  sid?: string
}

async function prepare({ mode, offerId, count, sid }: Race): Promise<ApiClient[]> {
  clearDataCache()
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
  return clients
}

let race: Race | undefined
let clients: ApiClient[] = []
process.stdout.write('up\n')
for await (const raw of createInterface({ input: process.stdin })) {
  const line = raw.trim()
  if (line === 'go' && race) {
    const { mode, offerId } = race
    const statuses = await Promise.all(
      clients.map(async (v) => {
        const res =
          mode === 'checkout'
            ? await v.post('/api/orders-checkout-offline/', order)
            : await v.post('/api/cart-list/', { id: offerId })
        return res.status
      }),
    )
    race = undefined
    process.stdout.write(JSON.stringify(statuses) + '\n')
  } else if (line.startsWith('{')) {
    race = JSON.parse(line) as Race
    clients = await prepare(race)
    process.stdout.write('ready\n')
  }
}
process.exit(0)
