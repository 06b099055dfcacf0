import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { XMLParser } from 'fast-xml-parser'
import { visitor, type ApiClient } from '../helpers/api'
import { db, rows, scalar } from '../helpers/db'
import { contacts, offersInStock, signIn, stockOf } from '../helpers/commerce'
import { saleImport, saleQuery, saleSuccess, statusFromName } from '../../server/exchange/sale'
import { signNotification } from '../../server/providers/payment/test'
import { env } from '../../server/env'

/**
 * The sale side of the 1C exchange (issue 16 points 1 and 3): orders out as CommerceML
 * (`mode=query`), acknowledged (`mode=success`), statuses back from 1C (`mode=file`) reaching
 * the order page, the SMS outbox, the mail outbox, the stock and the refunds.
 */

const FIXTURE = readFileSync(join(import.meta.dirname, '../fixtures/1c/sale-from-1c.xml'), 'utf8')

let phoneSeq = 100
/** A phone per order: at most 3 unconfirmed orders are open per phone. */
const nextPhone = () => {
  const n = String(phoneSeq++).padStart(4, '0')
  return `+7 (915) 000-${n.slice(0, 2)}-${n.slice(2)}`
}
const digits = (phone: string) => '+' + phone.replace(/\D/g, '')

interface Placed {
  v: ApiClient
  id: number
  number: string
  phone: string
  offerId: number
  quantity: number
}

/** Places an order through the REST checkout, as a shopper does. */
async function place(
  opts: {
    payment?: 'card' | 'cash' | 'invoice'
    quantity?: number
    promo?: string
    v?: ApiClient
    minPrice?: number
    offerId?: number
  } = {},
): Promise<Placed> {
  const v = opts.v ?? visitor()
  const quantity = opts.quantity ?? 2
  const offer =
    offersInStock(quantity + 5, opts.minPrice ?? 0).find((o) => o.id === opts.offerId) ??
    offersInStock(quantity + 5, opts.minPrice ?? 0)[phoneSeq % 20]!
  await v.post('/api/cart-list/', { id: offer.id, quantity })
  if (opts.promo) await v.post('/api/cart-promocode/', { promocode: opts.promo })
  const phone = nextPhone()
  const payment = opts.payment ?? 'cash'
  const path = payment === 'cash' ? '/api/orders-checkout-offline/' : '/api/orders-checkout/'
  const res = await v.post(path, {
    ...contacts,
    phone,
    email: `buyer${phoneSeq}@example.com`,
    delivery: 'courier',
    address: 'г. Москва, ул. Тверская, д. 1, кв. 5',
    comment: 'Позвоните за час & не звоните в дверь',
    payment,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { v, id: res.body.order.id, number: res.body.order.number, phone: digits(phone), offerId: offer.id, quantity }
}

/** The test acquirer reports the card payment as succeeded. */
async function payOnline(o: Placed) {
  const p = rows<{ id: string; amount: number }>('select id, amount from payments where order_id = ?', o.id)[0]!
  const body = { paymentId: p.id, status: 'succeeded', amount: String(p.amount) }
  const res = await visitor().post('/api/payment-notify/', {
    ...body,
    signature: signNotification(env().PAYMENT_SECRET, body),
  })
  expect(res.status).toBe(200)
  expect(statusOf(o.id)).toBe('paid')
}

const statusOf = (id: number) => scalar<string>('select status from orders where id = ?', id)
const smsTo = (phone: string) =>
  rows<{ text: string }>('select text from sms_outbox where phone = ? order by id', phone).map((r) => r.text)
const mailTo = (email: string) =>
  rows<{ subject: string; text: string }>('select subject, text from mail_outbox where email = ? order by id', email)

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => ['Документ', 'Товар', 'ЗначениеРеквизита', 'Контакт', 'Контрагент'].includes(name),
})

type Doc = Record<string, any>
function queryDocs(): Doc[] {
  const xml = saleQuery(db())
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.10"')).toBe(
    true,
  )
  const tree = parser.parse(xml)
  return tree['КоммерческаяИнформация']['Документ'] ?? []
}
const requisites = (d: Doc) =>
  Object.fromEntries(
    (d['ЗначенияРеквизитов']?.['ЗначениеРеквизита'] ?? []).map((r: Doc) => [r['Наименование'], r['Значение']]),
  )
const docOf = (docs: Doc[], number: string) => docs.find((d) => d['Номер'] === number)

/** The fixture with its three sample numbers replaced by real ones. */
function statusFile(numbers: [string, string, string]) {
  return FIXTURE.replaceAll('HC-2605-000101', numbers[0])
    .replaceAll('HC-2605-000102', numbers[1])
    .replaceAll('HC-2605-000103', numbers[2])
}

function snapshot() {
  return {
    orders: rows('select id, status, updated_at, exported_at from orders order by id'),
    history: scalar<number>('select count(*) from order_status_history'),
    stock: scalar<number>('select sum(stock) from product_offers'),
    sms: scalar<number>('select count(*) from sms_outbox'),
    refunds: scalar<number>('select count(*) from refunds'),
  }
}

describe('mode=query / mode=success', () => {
  it('answers the unacknowledged orders as CommerceML with the order, customer, lines, delivery and requisites', async () => {
    const o = await place({ quantity: 2 })
    const external = offersInStock(10)[3]!
    db().$client.prepare(`update product_offers set external_id = 'a1b2c3#d4e5' where id = ?`).run(external.id)
    const withExternal = await place({ quantity: 1, v: visitor() })
    const order = rows<Record<string, number | string>>('select * from orders where id = ?', o.id)[0]!

    const docs = queryDocs()
    const d = docOf(docs, o.number)!
    expect(d).toBeDefined()
    expect(d['Ид']).toBe(String(o.id))
    expect(d['ХозОперация']).toBe('Заказ товара')
    expect(d['Роль']).toBe('Продавец')
    expect(d['Валюта']).toBe('руб')
    expect(d['Курс']).toBe('1')
    expect(d['Сумма']).toBe(Number(order.total).toFixed(2))
    // Moscow wall time of the order.
    const msk = new Date(Number(order.created_at) + 3 * 3600_000).toISOString()
    expect(d['Дата']).toBe(msk.slice(0, 10))
    expect(d['Время']).toBe(msk.slice(11, 19))
    expect(d['Комментарий']).toBe('Позвоните за час & не звоните в дверь')

    const buyer = d['Контрагенты']['Контрагент'][0]
    expect(buyer).toMatchObject({
      Наименование: 'Анна Иванова',
      Роль: 'Покупатель',
      ПолноеНаименование: 'Анна Иванова',
    })
    expect(buyer['Адрес']['Представление']).toBe('г. Москва, ул. Тверская, д. 1, кв. 5')
    const contactsOf = Object.fromEntries(buyer['Контакты']['Контакт'].map((c: Doc) => [c['Тип'], c['Значение']]))
    expect(contactsOf).toEqual({ Почта: order.email, ТелефонРабочий: order.phone })

    const goods: Doc[] = d['Товары']['Товар']
    const line = goods.find((g) => g['Ид'] === String(o.offerId))!
    expect(line).toMatchObject({ Количество: '2', БазоваяЕдиница: { '#text': 'шт', '@_Код': '796' } })
    const price = scalar<number>('select unit_price from order_lines where order_id = ?', o.id)
    expect(line['ЦенаЗаЕдиницу']).toBe(price.toFixed(2))
    expect(line['Сумма']).toBe((price * 2).toFixed(2))
    expect(requisites(line)).toEqual({ ВидНоменклатуры: 'Товар', ТипНоменклатуры: 'Товар' })
    const delivery = goods.find((g) => g['Ид'] === 'ORDER_DELIVERY')
    if (Number(order.delivery_price) > 0) {
      expect(delivery).toMatchObject({ Наименование: 'Доставка заказа', Количество: '1' })
      expect(delivery!['Сумма']).toBe(Number(order.delivery_price).toFixed(2))
      expect(requisites(delivery!)).toEqual({ ВидНоменклатуры: 'Услуга', ТипНоменклатуры: 'Услуга' })
    } else expect(delivery).toBeUndefined()
    const sum = goods.reduce((s, g) => s + Math.round(Number(g['Сумма']) * 100), 0)
    expect(sum).toBe(Number(order.total) * 100)

    expect(requisites(d)).toMatchObject({
      'Метод оплаты': scalar<string>("select title from payment_methods where code = 'cash'"),
      'Заказ оплачен': 'false',
      'Способ доставки': scalar<string>("select title from delivery_methods where code = 'courier'"),
      'Адрес доставки': 'г. Москва, ул. Тверская, д. 1, кв. 5',
      Отменен: 'false',
      'Финальный статус': 'false',
      'Статус заказа': 'Новый',
    })
    expect(requisites(d)['Дата изменения статуса']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)

    // Goods that came from 1C carry 1C's Ид.
    const ext = docOf(docs, withExternal.number)!['Товары']['Товар'][0]
    expect(ext['Ид']).toBe(withExternal.offerId === external.id ? 'a1b2c3#d4e5' : String(withExternal.offerId))
  })

  it('a company buyer: official name, ИНН and bank account; a promo discount spread so the lines add up', async () => {
    const v = visitor()
    await signIn(v, { type: 'legal', organization: 'ООО «Ромашка»', taxId: '7707083893' })
    const company = await place({ payment: 'invoice', v, quantity: 3 })
    // 3 × 1005 ₽ with 10% off: 2714 ₽ left, which 3 units do not share evenly.
    const odd = offersInStock(10)[7]!
    db().$client.prepare('update product_offers set price = 1005, old_price = null where id = ?').run(odd.id)
    const promo = await place({ quantity: 3, promo: 'WELCOME10', offerId: odd.id })
    const docs = queryDocs()

    const buyer = docOf(docs, company.number)!['Контрагенты']['Контрагент'][0]
    expect(buyer).toMatchObject({
      Наименование: 'ООО «Ромашка»',
      ОфициальноеНаименование: 'ООО «Ромашка»',
      ИНН: '7707083893',
      РасчетныеСчета: {
        РасчетныйСчет: {
          НомерСчета: '40702810938000000001',
          Банк: { СчетКорреспондентский: '30101810400000000225', Наименование: 'ПАО Сбербанк', БИК: '044525225' },
        },
      },
    })
    expect(buyer['Представители']['Представитель']['Контрагент'][0]).toMatchObject({
      Отношение: 'Контактное лицо',
      Наименование: 'Анна Иванова',
    })
    expect(requisites(docOf(docs, company.number)!)['Метод оплаты']).toBe(
      scalar<string>("select title from payment_methods where code = 'invoice'"),
    )

    const p = docOf(docs, promo.number)!
    const order = rows<{ total: number; discount: number }>(
      'select total, discount from orders where id = ?',
      promo.id,
    )[0]!
    expect(order.discount).toBeGreaterThan(0)
    const goods: Doc[] = p['Товары']['Товар']
    expect(goods.reduce((s, g) => s + Math.round(Number(g['Сумма']) * 100), 0)).toBe(order.total * 100)
    for (const g of goods)
      expect(Math.round(Number(g['ЦенаЗаЕдиницу']) * 100) * Number(g['Количество'])).toBe(
        Math.round(Number(g['Сумма']) * 100),
      )
    const units = goods.filter((g) => g['Ид'] !== 'ORDER_DELIVERY').reduce((s, g) => s + Number(g['Количество']), 0)
    expect(units).toBe(3)
    expect(goods.filter((g) => g['Ид'] === String(odd.id)).map((g) => [g['Количество'], g['ЦенаЗаЕдиницу']])).toEqual([
      ['1', '904.66'],
      ['2', '904.67'],
    ])
    expect(requisites(p)).toMatchObject({ Промокод: 'WELCOME10', 'Скидка по промокоду': order.discount.toFixed(2) })
  })

  it('success acknowledges exactly what the last query sent; a later change sends the order again', async () => {
    const first = await place()
    expect(docOf(queryDocs(), first.number)).toBeDefined()
    const late = await place() // placed after the query: not acknowledged by this success
    saleSuccess(db())
    expect(scalar<number | null>('select exported_at from orders where id = ?', first.id)).not.toBeNull()
    expect(scalar<number | null>('select exported_at from orders where id = ?', late.id)).toBeNull()
    const again = queryDocs()
    expect(docOf(again, first.number)).toBeUndefined()
    expect(docOf(again, late.number)).toBeDefined()
    saleSuccess(db())
    saleSuccess(db()) // a repeated success changes nothing
    expect(docOf(queryDocs(), late.number)).toBeUndefined()

    // The customer cancels on the site: 1C must hear of it.
    await new Promise((r) => setTimeout(r, 5))
    const cancel = await first.v.post('/api/order-cancel/', { id: first.id, reason: 1 })
    expect(cancel.status).toBe(200)
    const back = docOf(queryDocs(), first.number)!
    expect(requisites(back)).toMatchObject({ Отменен: 'true', 'Статус заказа': 'Отменён', 'Финальный статус': 'true' })
    saleSuccess(db())
  })
})

describe('mode=file: statuses from 1C', () => {
  it('shipped, cancelled (stock back, online payment refunded) and accepted reach the order, the SMS and the mail', async () => {
    const shipped = await place({ quantity: 2 })
    const card = await place({ payment: 'card', quantity: 2 })
    await payOnline(card)
    const accepted = await place({ quantity: 1 })
    queryDocs()
    saleSuccess(db())
    const stockBefore = stockOf(card.offerId)
    const email = (o: Placed) => scalar<string>('select email from orders where id = ?', o.id)

    const result = saleImport(db(), statusFile([shipped.number, card.number, accepted.number]))
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true })

    // Shipped: paid first (payment date), then shipped; the page shows it, the customer hears of both.
    const page = await shipped.v.get('/api/order/', { id: shipped.id })
    expect(page.status).toBe(200)
    expect(page.body.status).toBe('shipped')
    expect(page.body.statusLabel).toBe('Отправлен')
    expect(page.body.history.map((h: { status: string }) => h.status)).toEqual(['new', 'paid', 'shipped'])
    expect(page.body.history[2].comment).toMatch(/^Установлено в 1С: статус «Отгружен».*отгрузка № ЦБ-000355/)
    expect(page.body.canCancel).toBe(false)
    const en = await visitor({ locale: 'en' }).get('/api/order/', { id: shipped.id })
    expect(en.status).toBe(404) // another visitor never sees it
    expect(smsTo(shipped.phone)).toEqual([
      `Заказ ${shipped.number}: оплата получена. Спасибо!`,
      `Заказ ${shipped.number} передан в доставку.`,
    ])
    expect(mailTo(email(shipped)).map((m) => m.subject)).toEqual([
      `Заказ ${shipped.number}: Оплачен`,
      `Заказ ${shipped.number}: Отправлен`,
    ])
    expect(mailTo(email(shipped))[1]!.text).toContain(`/personal/orders/${shipped.id}/`)

    // Cancelled in 1C: stock back, the card payment refunded through the acquirer.
    expect(statusOf(card.id)).toBe('cancelled')
    expect(stockOf(card.offerId)).toBe(stockBefore + 2)
    await vi.waitFor(() =>
      expect(rows('select status, amount from refunds where order_id = ?', card.id)).toEqual([
        { status: 'succeeded', amount: scalar<number>('select total from orders where id = ?', card.id) },
      ]),
    )
    expect(smsTo(card.phone).at(-1)).toBe(`Заказ ${card.number} отменён. Оплата вернётся тем же способом.`)
    const cardPage = await card.v.get('/api/order/', { id: card.id })
    expect(cardPage.body.status).toBe('cancelled')

    // "[N] Принят" with a payment: paid, then processing (told of the payment only).
    expect(statusOf(accepted.id)).toBe('processing')
    expect(smsTo(accepted.phone)).toEqual([`Заказ ${accepted.number}: оплата получена. Спасибо!`])
    const acc = await accepted.v.get('/api/order/', { id: accepted.id })
    expect(acc.body.statusLabel).toBe('В обработке')

    // Changed by 1C itself: not sent back to 1C.
    const docs = queryDocs()
    for (const o of [shipped, card, accepted]) expect(docOf(docs, o.number)).toBeUndefined()

    // The same file again: nothing changes, nobody is told twice.
    const before = snapshot()
    const again = saleImport(db(), statusFile([shipped.number, card.number, accepted.number]))
    expect(again).toMatchObject({ ok: true })
    expect(again.results.map((r) => r.status)).toEqual(['unchanged', 'unchanged', 'unchanged'])
    expect(snapshot()).toEqual(before)
  })

  it('refuses per order: unknown order, a backward move, a final order, an unknown status; applies the rest', async () => {
    const done = await place()
    const fine = await place()
    const cancelled = await place()
    const odd = await place()
    const one = (number: string, status: string, extra = '') => `
      <Документ><Ид>${number}</Ид><Номер>${number}</Номер><ХозОперация>Заказ товара</ХозОперация>
        <ЗначенияРеквизитов>
          <ЗначениеРеквизита><Наименование>Статус заказа</Наименование><Значение>${status}</Значение></ЗначениеРеквизита>${extra}
        </ЗначенияРеквизитов></Документ>`
    const wrap = (...docs: string[]) =>
      `<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.10">${docs.join('')}</КоммерческаяИнформация>`
    const cancelFlag = `<ЗначениеРеквизита><Наименование>Отменен</Наименование><Значение>true</Значение></ЗначениеРеквизита>`
    expect(
      saleImport(db(), wrap(one(done.number, '[F] Выполнен'), one(cancelled.number, 'Своё название', cancelFlag))),
    ).toMatchObject({
      ok: true,
    })
    expect(statusOf(done.id)).toBe('done')
    expect(statusOf(cancelled.id)).toBe('cancelled')

    const r = saleImport(
      db(),
      wrap(
        one('HC-2605-999999', 'Отгружен'),
        one(done.number, '[N] Принят'),
        one(cancelled.number, 'Отгружен'),
        one(odd.number, 'Ждём луну'),
        one(fine.number, 'Собран'),
      ),
    )
    expect(r.ok).toBe(false)
    expect(r.results.map((x) => x.status)).toEqual(['refused', 'refused', 'refused', 'refused', 'applied'])
    if (r.ok) return
    expect(r.reason).toContain('HC-2605-999999: заказ не найден')
    expect(r.reason).toContain(`${done.number}: Заказ в статусе «Выполнен»: статус больше не меняется`)
    expect(r.reason).toContain(`${cancelled.number}: Заказ в статусе «Отменён»`)
    expect(r.reason).toContain(`${odd.number}: неизвестный статус заказа «Ждём луну»`)
    expect(statusOf(done.id)).toBe('done')
    expect(statusOf(cancelled.id)).toBe('cancelled')
    expect(statusOf(odd.id)).toBe('new')
    expect(statusOf(fine.id)).toBe('processing')

    // Backward: shipped → "Собран" (processing) is refused; a payment reported again is not.
    expect(saleImport(db(), wrap(one(fine.number, 'Отгружен')))).toMatchObject({ ok: true })
    const back = saleImport(db(), wrap(one(fine.number, 'Собран')))
    expect(back).toMatchObject({
      ok: false,
      reason: `${fine.number}: Заказ в статусе «Отправлен»: вернуть его в «В обработке» нельзя`,
    })
    const paidAgain = `<ЗначениеРеквизита><Наименование>Дата оплаты по 1С</Наименование><Значение>2026-05-14T10:00:00</Значение></ЗначениеРеквизита>`
    expect(saleImport(db(), wrap(one(fine.number, '', paidAgain)))).toMatchObject({ ok: true })
    expect(statusOf(fine.id)).toBe('shipped')
  })

  it('a broken file is refused with the reason and changes nothing', async () => {
    const o = await place()
    const good = statusFile([o.number, 'HC-0000-000000', 'HC-0000-000001'])
    const before = snapshot()
    const cases: [string, RegExp][] = [
      ['', /пустой файл/],
      [good.slice(0, good.length - 200), /некорректный XML/],
      ['<?xml version="1.0"?><Каталог><Документ><Номер>1</Номер></Документ></Каталог>', /КоммерческаяИнформация/],
      ['<?xml version="1.0"?><КоммерческаяИнформация ВерсияСхемы="2.10"/>', /нет документов/],
      [
        '<КоммерческаяИнформация><Документ><ХозОперация>Заказ товара</ХозОперация></Документ></КоммерческаяИнформация>',
        /нет ни Номера, ни Ид/,
      ],
      [
        `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><КоммерческаяИнформация><Документ><Номер>${o.number}</Номер></Документ></КоммерческаяИнформация>`,
        /DOCTYPE/,
      ],
      // The good documents first, then a broken one: still nothing applied.
      [
        good.replace('</КоммерческаяИнформация>', '<Документ><Сумма>1</Сумма></Документ></КоммерческаяИнформация>'),
        /документ 4/,
      ],
    ]
    for (const [xml, reason] of cases) {
      const r = saleImport(db(), xml)
      expect(r.ok, xml.slice(0, 80)).toBe(false)
      if (!r.ok) expect(r.reason).toMatch(reason)
    }
    expect(snapshot()).toEqual(before)
    expect(statusOf(o.id)).toBe('new')
  })
})

describe('status names from 1C', () => {
  it('maps 1C and 1C-Bitrix names', () => {
    expect(statusFromName('[N] Принят')).toBe('processing')
    expect(statusFromName('[P] Оплачен')).toBe('paid')
    expect(statusFromName('[F] Выполнен')).toBe('done')
    expect(statusFromName('[F] Доставлен')).toBe('done')
    expect(statusFromName('[X] Что-то своё')).toBeUndefined()
    expect(statusFromName('[F] Что-то своё')).toBe('done')
    expect(statusFromName('Отгружен')).toBe('shipped')
    expect(statusFromName('  собран ')).toBe('processing')
    expect(statusFromName('Закрыт')).toBe('done')
    expect(statusFromName('Отменён')).toBe('cancelled')
    expect(statusFromName('Не согласован')).toBeNull()
    expect(statusFromName('')).toBeNull()
    expect(statusFromName('Ждём луну')).toBeUndefined()
  })
})
