/**
 * A separate OS process on the same SQLite file (stock-alerts test): its own connection. Prints
 * "ready", waits for "go" on stdin, runs deliverStockAlerts once, prints how many alerts this
 * process sent as JSON on the last line.
 *
 *   tsx tests/helpers/stock-alert-worker.ts <db file>
 */
import { createInterface } from 'node:readline'
import { openDatabaseAsync, setDbForTests } from '../../db/client'
import { deliverStockAlerts } from '../../server/services/stock-alerts'

const [file] = process.argv.slice(2)
if (!file) throw new Error('usage: stock-alert-worker <db>')
const db = await openDatabaseAsync(file, { migrate: false })
setDbForTests(db)

process.stdout.write('ready\n')
const rl = createInterface({ input: process.stdin })
for await (const line of rl) if (line.trim() === 'go') break
rl.close()
process.stdout.write(JSON.stringify(await deliverStockAlerts(db)) + '\n')
process.exit(0)
