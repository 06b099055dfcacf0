/**
 * A separate OS process on the same SQLite file (order-holds and promo-rules tests): its own
 * connection. Prints "ready", waits for "go" on stdin, does its one thing, prints the result as
 * JSON on the last line.
 *
 *   tsx tests/helpers/order-rules-worker.ts <db file> expire <now>
 *     → expireHolds(db, now): how many orders this process cancelled
 *   tsx tests/helpers/order-rules-worker.ts <db file> checkout <sid cookie> <online|offline> <json body>
 *     → the status the REST adapter would answer (200, 409, ...)
 */
import { createInterface } from 'node:readline'
import { openDatabaseAsync, setDbForTests } from '../../db/client'
import { expireHolds } from '../../server/services/order-holds'
import { checkout } from '../../server/services/orders'
import { createContext } from '../../server/context'
import { CheckoutInput } from '../../server/contracts/orders'
import { AppError } from '../../server/errors'

const [file, mode, ...args] = process.argv.slice(2)
if (!file || !mode) throw new Error('usage: order-rules-worker <db> expire <now> | checkout <sid> <kind> <json>')
const db = await openDatabaseAsync(file, { migrate: false })
setDbForTests(db)

let run: () => Promise<unknown>
if (mode === 'expire') {
  const now = Number(args[0])
  run = () => expireHolds(db, now)
} else if (mode === 'checkout') {
  // The service itself, not the REST adapter: this process needs no route table (tsx cannot load
  // the `?raw` imports some routes use). The answer is the status the adapter would give.
  const [sid = '', kind = 'offline', body = '{}'] = args
  const ctx = await createContext(new Request('http://shop.test/', { headers: { cookie: `sid=${sid}` } }), db)
  const input = CheckoutInput.parse(JSON.parse(body))
  run = () =>
    checkout(ctx, input, kind === 'online' ? 'online' : 'offline').then(
      () => 200,
      (e: unknown) => (e instanceof AppError ? e.status : 500),
    )
} else {
  throw new Error(`unknown mode ${mode}`)
}

process.stdout.write('ready\n')
const rl = createInterface({ input: process.stdin })
for await (const line of rl) if (line.trim() === 'go') break
rl.close()
process.stdout.write(JSON.stringify(await run()) + '\n')
process.exit(0)
