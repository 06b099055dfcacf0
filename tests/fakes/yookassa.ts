/**
 * A local YooKassa (API v3) for tests and the production-mode e2e run, written from YooKassa's
 * public documentation (yookassa.ru/developers: "Формат взаимодействия", "Коды ответа HTTP",
 * "Входящие уведомления", payments and refunds in the API reference):
 *
 * - `POST /v3/payments`, `GET /v3/payments/{id}`, `POST /v3/refunds`, `GET /v3/refunds/{id}`;
 * - HTTP Basic auth `shopId:secretKey`, else 401 `{type:"error", id, code:"invalid_credentials"}`;
 * - `Idempotence-Key` required on every POST; the same key with the same body answers the first
 *   answer again, with another body 400 `invalid_request` "Idempotence key duplicated"
 *   (parameter `Idempotence-Key`); 5xx answers are not remembered;
 * - bodies checked: amount `{value: "1234.00", currency: "RUB"}`, `confirmation.type` redirect
 *   with `return_url`, description ≤ 128, 54-FZ `receipt` (customer email or phone; items with
 *   description ≤ 128, quantity, amount, vat_code, payment_subject, payment_mode; Σ amount ×
 *   quantity equal to the payment's amount) — 400 `invalid_request` naming the parameter;
 * - the payment page at `confirmation_url` with «Оплатить» / «Отменить»: the payment becomes
 *   `succeeded` (paid) or `canceled`, a notification `{type: "notification", event, object}` is
 *   POSTed to the webhook, and the browser is sent to `return_url`;
 * - `failNext(n, 503 | 500 | 202 | 'timeout', {afterProcessing})` makes the next n API calls
 *   fail (after processing: the operation happens but its answer is lost).
 *
 * As a process (the e2e run starts it beside the server):
 *   npx tsx tests/fakes/yookassa.ts --port 4311 --webhook http://127.0.0.1:3000/api/payment-notify/yookassa/
 *     [--shop-id 123456] [--secret-key ...]
 */
import { pathToFileURL } from 'node:url'
import { startFakeYooKassa } from './yookassa/server'

export { startFakeYooKassa } from './yookassa/server'
export {
  FAKE_SECRET_KEY,
  FAKE_SHOP_ID,
  type FailMode,
  type FakePayment,
  type FakeRefund,
  type FakeRequest,
  type FakeYooKassa,
} from './yookassa/types'

/* ---------- as a process ---------- */

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : undefined
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeYooKassa({
    port: Number(arg('port') ?? 4311),
    host: arg('host'),
    shopId: arg('shop-id'),
    secretKey: arg('secret-key'),
    webhook: arg('webhook') ?? null,
  })
  process.stdout.write(
    `Fake YooKassa: YOOKASSA_API_URL=${fake.url} YOOKASSA_SHOP_ID=${fake.shopId} YOOKASSA_SECRET_KEY=${fake.secretKey}\n`,
  )
  const stop = () => void fake.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
