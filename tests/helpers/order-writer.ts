/**
 * A separate OS process placing orders into the same SQLite file, one after another, through
 * the real checkout service (cart, then an offline checkout: stock taken, order and lines
 * written in one transaction) on its own connection (backup test). Each order acknowledged to
 * the shopper is printed as `ack <id> <number>` the moment checkout returns; it stops on
 * "stop" on stdin and prints `done`. The services are called directly (the cart, then the
 * checkout), as the REST routes call them, without the route table.
 *
 *   tsx tests/helpers/order-writer.ts <db file> <offerId> <phone prefix: 3 digits>
 */
import { createInterface } from 'node:readline'
import { openDatabase, setDbForTests } from '../../db/client'
import { createContext } from '../../server/context'
import { withPeerAddress } from '../../server/net/peer'
import { CartAddInput } from '../../server/contracts/cart'
import { CheckoutInput } from '../../server/contracts/orders'
import { addToCart } from '../../server/services/cart'
import { checkout } from '../../server/services/orders'

const [file, offer, prefix] = process.argv.slice(2)
if (!file || !offer || !prefix) throw new Error('usage: order-writer <db> <offerId> <prefix>')
const db = openDatabase(file, { migrate: false })
// No checkpoints from the writers: recent orders stay in the -wal file only, as the newest
// commits of a busy shop do, so a backup that copied the main file alone would miss them.
db.$client.pragma('wal_autocheckpoint = 0')
setDbForTests(db)

let stopping = false
const rl = createInterface({ input: process.stdin })
rl.on('line', (line) => {
  if (line.trim() === 'stop') stopping = true
})

for (let i = 0; !stopping; i++) {
  // A new visitor each time (a session of its own, created by the cart).
  // ... from an address of its own: unconfirmed orders are capped per client address (issue 25).
  const request = new Request('http://shop.test/api/orders-checkout-offline/')
  const ctx = await createContext(
    withPeerAddress(request, `10.${Number(prefix) % 256}.${(i >> 8) & 255}.${i & 255}`),
    db,
  )
  await addToCart(ctx, CartAddInput.parse({ id: Number(offer) }))
  const input = CheckoutInput.parse({
    fullname: 'Анна Иванова',
    // A phone per order: the per-phone cap on open unconfirmed orders never applies.
    phone: `+79${prefix}${String(i).padStart(6, '0')}`,
    email: 'anna@example.com',
    delivery: 'courier',
    address: 'г. Москва, ул. Тверская, д. 1',
  })
  const { order } = await checkout(ctx, input, 'offline')
  process.stdout.write(`ack ${order.id} ${order.number}\n`)
  // Let the event loop see "stop".
  await new Promise((r) => setImmediate(r))
}
rl.close()
process.stdout.write('done\n')
process.exit(0)
