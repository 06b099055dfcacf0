/** The fake's payment page at `confirmation_url`: «Оплатить» / «Отменить», then back to `return_url`. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { page, readBody } from './http'
import type { FakePayment } from './types'
import { esc } from './validate'

export async function checkoutPage(
  req: IncomingMessage,
  res: ServerResponse,
  payments: Map<string, FakePayment>,
  complete: (id: string, outcome: 'succeeded' | 'canceled') => Promise<void>,
  id: string,
  action: string | undefined,
) {
  const p = payments.get(id)
  if (!p) return page(res, 404, '<h1>Платёж не найден</h1>')
  if (req.method === 'POST' && (action === 'pay' || action === 'cancel')) {
    await readBody(req)
    await complete(id, action === 'pay' ? 'succeeded' : 'canceled')
    res.writeHead(303, { location: p._return_url, 'cache-control': 'no-store' })
    return res.end()
  }
  if (req.method !== 'GET') return page(res, 405, '<h1>Метод не поддерживается</h1>')
  const head = `<h1>Оплата заказа</h1><p>${esc(p.description ?? '')}</p><p><strong>${esc(p.amount.value)} ₽</strong></p>`
  if (p.status !== 'pending')
    return page(
      res,
      200,
      `${head}<p>Платёж ${p.status === 'succeeded' ? 'проведён' : 'отменён'}.</p><p><a href="${esc(p._return_url)}">Вернуться в магазин</a></p>`,
    )
  return page(
    res,
    200,
    `${head}<form method="post" action="/checkout/${esc(id)}/pay" style="display:inline"><button class="pay" type="submit">Оплатить</button></form>` +
      `<form method="post" action="/checkout/${esc(id)}/cancel" style="display:inline"><button type="submit">Отменить</button></form>`,
  )
}
