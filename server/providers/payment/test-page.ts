import { registerMessages, t } from '../../contracts/i18n'

/**
 * The test acquirer's confirmation page, /payment/test/{paymentId}/ — what a bank's hosted
 * payment page is for a real provider. This module only renders it from what it is given; the
 * route (server/rest/test-acquirer-page.ts) reads the payment and sends the signed notification
 * through the payments service. A Russian page (lang="ru"), whatever the shop's language.
 */

registerMessages({
  en: {
    'testAcquirer.title': 'Test payment',
    'testAcquirer.heading': 'Test acquiring',
    'testAcquirer.order': 'Order {number}',
    'testAcquirer.note': 'This is a test payment page: no money is charged.',
    'testAcquirer.pay': 'Pay',
    'testAcquirer.decline': 'Decline',
    'testAcquirer.alreadyPaid': 'The payment has already been made',
    'testAcquirer.declined': 'The payment was declined',
    'testAcquirer.back': 'Back to the order',
    'testAcquirer.pageNotFound': 'Page not found',
    'testAcquirer.home': 'To the home page',
    'testAcquirer.paymentNotFound': 'Payment not found',
    'testAcquirer.refused': 'Request refused',
    'testAcquirer.badRequest': 'Bad request',
  },
  ru: {
    'testAcquirer.title': 'Тестовая оплата',
    'testAcquirer.heading': 'Тестовый эквайринг',
    'testAcquirer.order': 'Заказ {number}',
    'testAcquirer.note': 'Это тестовая страница оплаты: деньги не списываются.',
    'testAcquirer.pay': 'Оплатить',
    'testAcquirer.decline': 'Отклонить',
    'testAcquirer.alreadyPaid': 'Платёж уже проведён',
    'testAcquirer.declined': 'Платёж отклонён',
    'testAcquirer.back': 'Вернуться к заказу',
    'testAcquirer.pageNotFound': 'Страница не найдена',
    'testAcquirer.home': 'На главную',
    'testAcquirer.paymentNotFound': 'Платёж не найден',
    'testAcquirer.refused': 'Запрос отклонён',
    'testAcquirer.badRequest': 'Неверный запрос',
  },
})

const ru = (key: string, params?: Record<string, string | number>) => t('ru', key, params)
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const rub = (n: number) => `${new Intl.NumberFormat('ru-RU').format(n).replace(/\u202f|\u00a0/g, '\u00a0')}\u00a0₽`

function html(status: number, body: string): Response {
  return new Response(
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${ru('testAcquirer.title')}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;display:grid;place-items:center;min-height:100vh;color:#18181b}
main{background:#fff;border-radius:16px;padding:32px;max-width:420px;width:calc(100% - 32px);box-shadow:0 10px 30px #0001}
h1{font-size:20px;margin:0 0 8px}p{margin:8px 0}.sum{font-size:28px;font-weight:700}
form{display:inline}button{font:inherit;border:0;border-radius:999px;padding:12px 24px;margin:16px 8px 0 0;cursor:pointer}
.pay{background:#15803d;color:#fff}.decline{background:#e4e4e7;color:#18181b}small{color:#71717a}</style></head>
<body><main>${body}</main></body></html>`,
    { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
  )
}

const home = () => `<p><a href="/">${ru('testAcquirer.home')}</a></p>`

/** No test acquirer (another PAYMENT_PROVIDER): the page does not exist. */
export const testPageMissing = () => html(404, `<h1>${ru('testAcquirer.pageNotFound')}</h1>${home()}`)

/** An unknown payment id; `withLink` adds the way home (the page; not the form's answer). */
export const testPagePaymentMissing = (withLink: boolean) =>
  html(404, `<h1>${ru('testAcquirer.paymentNotFound')}</h1>${withLink ? home() : ''}`)

/** A cross-origin post (403) or a form without a valid action (400). */
export const testPageRefused = (status: 400 | 403) =>
  html(status, `<h1>${ru(status === 403 ? 'testAcquirer.refused' : 'testAcquirer.badRequest')}</h1>`)

export interface TestPagePayment {
  id: string
  number: string
  amount: number
  status: string
  returnUrl: string
}

/** The page of one payment: Pay and Decline while pending, its outcome after. */
export function testPage(p: TestPagePayment): Response {
  const action = `/payment/test/${encodeURIComponent(p.id)}/`
  const head = `<h1>${ru('testAcquirer.heading')}</h1><p>${esc(ru('testAcquirer.order', { number: p.number }))}</p><p class="sum">${rub(p.amount)}</p>`
  if (p.status !== 'pending') {
    const word = ru(p.status === 'succeeded' ? 'testAcquirer.alreadyPaid' : 'testAcquirer.declined')
    return html(200, `${head}<p>${word}.</p><p><a href="${esc(p.returnUrl)}">${ru('testAcquirer.back')}</a></p>`)
  }
  return html(
    200,
    `${head}<p><small>${ru('testAcquirer.note')}</small></p>
<form method="post" action="${action}"><input type="hidden" name="action" value="pay"><button class="pay" type="submit">${ru('testAcquirer.pay')}</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="decline"><button class="decline" type="submit">${ru('testAcquirer.decline')}</button></form>`,
  )
}
