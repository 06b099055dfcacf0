/**
 * A separate OS process booking through the real REST adapter against the test file's database
 * (the booking race test): each of its guests gets the shop's SMS code for a phone of its own
 * from its own address, prints "ready", waits for "go" on stdin, then all book the same slot at
 * once; prints the statuses as JSON.
 *
 *   tsx tests/helpers/booking-worker.ts <db> <worker no> <count> <json [bodies] without phone/code; guest i of worker w sends bodies[(w + i) % n]>
 */
import { createInterface } from 'node:readline'
import { openDatabaseAsync, setDbForTests } from '../../db/client'
import { ApiClient } from './api'

const [file, workerRaw, countRaw, bodyRaw] = process.argv.slice(2)
if (!file || !workerRaw || !countRaw || !bodyRaw) throw new Error('usage: booking-worker <db> <worker> <count> <body>')
setDbForTests(await openDatabaseAsync(file, { migrate: false }))
const worker = Number(workerRaw)
const bodies = JSON.parse(bodyRaw) as Record<string, unknown>[]

const guests: { client: ApiClient; phone: string; code: string; body: Record<string, unknown> }[] = []
for (let i = 0; i < Number(countRaw); i++) {
  const client = new ApiClient({ locale: 'en', peer: `10.${60 + worker}.${i + 1}.7` })
  const phone = `+7913${String(worker).padStart(3, '0')}${String(i).padStart(4, '0')}`
  const sent = await client.post('/api/user-sms/', { phone })
  if (sent.status !== 200) throw new Error(`user-sms: ${sent.status} ${JSON.stringify(sent.body)}`)
  const list = (await client.get('/api/dev/sms-outbox/', { phone })).body.list as { code: string }[]
  guests.push({ client, phone, code: list[0]!.code, body: bodies[(worker + i) % bodies.length]! })
}
process.stdout.write('ready\n')
const rl = createInterface({ input: process.stdin })
for await (const line of rl) if (line.trim() === 'go') break
rl.close()

const statuses = await Promise.all(
  guests.map(async (g) => (await g.client.post('/api/booking/', { ...g.body, phone: g.phone, code: g.code })).status),
)
process.stdout.write(JSON.stringify(statuses) + '\n')
process.exit(0)
