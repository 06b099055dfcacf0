import { createContext, serverOrigin } from '../../context'
import { env } from '../../env'
import { AppError } from '../../errors'
import { handlePaymentNotification, testPaymentInfo } from '../../services/payments'
import { isTestAcquirer } from './index'
import { signNotification } from './test'

/**
 * The test acquirer's confirmation page, /payment/test/{paymentId}/ — what a bank's hosted
 * payment page is for a real provider. "Pay" and "Decline" post back here; the acquirer then
 * sends its signed notification through the same code path as POST /api/payment-notify/ and
 * returns the buyer to the order page. With any other PAYMENT_PROVIDER (production refuses
 * `test`) the page does not exist: 404.
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const rub = (n: number) => `${new Intl.NumberFormat('ru-RU').format(n).replace(/\u202f|\u00a0/g, '\u00a0')}\u00a0₽`

function html(status: number, body: string): Response {
  return new Response(
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>Тестовая оплата</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;display:grid;place-items:center;min-height:100vh;color:#18181b}
main{background:#fff;border-radius:16px;padding:32px;max-width:420px;width:calc(100% - 32px);box-shadow:0 10px 30px #0001}
h1{font-size:20px;margin:0 0 8px}p{margin:8px 0}.sum{font-size:28px;font-weight:700}
form{display:inline}button{font:inherit;border:0;border-radius:999px;padding:12px 24px;margin:16px 8px 0 0;cursor:pointer}
.pay{background:#15803d;color:#fff}.decline{background:#e4e4e7;color:#18181b}small{color:#71717a}</style></head>
<body><main>${body}</main></body></html>`,
    { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
  )
}

const missing = () => html(404, '<h1>Страница не найдена</h1><p><a href="/">На главную</a></p>')

export function testPaymentPage(request: Request, paymentId: string): Response {
  if (!isTestAcquirer()) return missing()
  const ctx = createContext(request)
  const p = testPaymentInfo(ctx, paymentId)
  if (!p) return html(404, '<h1>Платёж не найден</h1><p><a href="/">На главную</a></p>')
  const action = `/payment/test/${encodeURIComponent(p.id)}/`
  const head = `<h1>Тестовый эквайринг</h1><p>Заказ ${esc(p.number)}</p><p class="sum">${rub(p.amount)}</p>`
  if (p.status !== 'pending') {
    const word = p.status === 'succeeded' ? 'Платёж уже проведён' : 'Платёж отклонён'
    return html(200, `${head}<p>${word}.</p><p><a href="${esc(p.returnUrl)}">Вернуться к заказу</a></p>`)
  }
  return html(
    200,
    `${head}<p><small>Это тестовая страница оплаты: деньги не списываются.</small></p>
<form method="post" action="${action}"><input type="hidden" name="action" value="pay"><button class="pay" type="submit">Оплатить</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="decline"><button class="decline" type="submit">Отклонить</button></form>`,
  )
}

/** The buyer pressed Pay or Decline: notify (signed), then back to the order. */
export async function testPaymentAction(request: Request, paymentId: string): Promise<Response> {
  if (!isTestAcquirer()) return missing()
  const ctx = createContext(request)
  const origin = request.headers.get('origin')
  if (origin && origin !== serverOrigin(request)) return html(403, '<h1>Запрос отклонён</h1>')
  const p = testPaymentInfo(ctx, paymentId)
  if (!p) return html(404, '<h1>Платёж не найден</h1>')
  let action: unknown
  try {
    action = (await request.formData()).get('action')
  } catch {
    return html(400, '<h1>Неверный запрос</h1>')
  }
  if (action !== 'pay' && action !== 'decline') return html(400, '<h1>Неверный запрос</h1>')
  const fields = { paymentId: p.id, status: action === 'pay' ? 'succeeded' : 'declined', amount: String(p.amount) }
  try {
    await handlePaymentNotification(ctx, { ...fields, signature: signNotification(env().PAYMENT_SECRET, fields) })
  } catch (e) {
    if (!(e instanceof AppError)) throw e
  }
  return new Response(null, {
    status: 303,
    headers: {
      location: `${p.returnUrl}?payment=${action === 'pay' ? 'success' : 'declined'}`,
      'cache-control': 'no-store',
    },
  })
}
