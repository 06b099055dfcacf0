import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { db, rows, scalar, exec } from '../helpers/db'
import { offersInStock, signIn } from '../helpers/commerce'
import { place, queryDocs, requisites, docOf, type Doc } from '../helpers/sale-exchange'
import { saleSuccess } from '../../server/exchange/sale'

/**
 * The sale side of the 1C exchange (issue 16 points 1 and 3): orders out as CommerceML
 * (`mode=query`) and acknowledged (`mode=success`); statuses back from 1C: exchange-sale.test.ts.
 */

describe('mode=query / mode=success', () => {
  it('answers the unacknowledged orders as CommerceML with the order, customer, lines, delivery and requisites', async () => {
    const o = await place({ quantity: 2 })
    const external = (await offersInStock(10))[3]!
    await exec(`update product_offers set external_id = 'a1b2c3#d4e5' where id = ?`, external.id)
    const withExternal = await place({ quantity: 1, v: visitor() })
    const order = (await rows<Record<string, number | string>>('select * from orders where id = ?', o.id))[0]!

    const docs = await queryDocs()
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
    const price = await scalar<number>('select unit_price from order_lines where order_id = ?', o.id)
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
      'Метод оплаты': await scalar<string>("select title from payment_methods where code = 'cash'"),
      'Заказ оплачен': 'false',
      'Способ доставки': await scalar<string>("select title from delivery_methods where code = 'courier'"),
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
    const odd = (await offersInStock(10))[7]!
    await exec('update product_offers set price = 1005, old_price = null where id = ?', odd.id)
    const promo = await place({ quantity: 3, promo: 'WELCOME10', offerId: odd.id })
    const docs = await queryDocs()

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
      await scalar<string>("select title from payment_methods where code = 'invoice'"),
    )

    const p = docOf(docs, promo.number)!
    const order = (
      await rows<{ total: number; discount: number }>('select total, discount from orders where id = ?', promo.id)
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
    expect(docOf(await queryDocs(), first.number)).toBeDefined()
    const late = await place() // placed after the query: not acknowledged by this success
    await saleSuccess(db())
    expect(await scalar<number | null>('select exported_at from orders where id = ?', first.id)).not.toBeNull()
    expect(await scalar<number | null>('select exported_at from orders where id = ?', late.id)).toBeNull()
    const again = await queryDocs()
    expect(docOf(again, first.number)).toBeUndefined()
    expect(docOf(again, late.number)).toBeDefined()
    await saleSuccess(db())
    await saleSuccess(db()) // a repeated success changes nothing
    expect(docOf(await queryDocs(), late.number)).toBeUndefined()

    // The customer asks to cancel on the site (1C has the order: a request, issue 25 §5): 1C must hear of it.
    await new Promise((r) => setTimeout(r, 5))
    const cancel = await first.v.post('/api/order-cancel/', { id: first.id, reason: 1 })
    expect(cancel.status).toBe(200)
    expect(cancel.body.order).toMatchObject({ status: 'new', cancelRequested: true })
    const back = docOf(await queryDocs(), first.number)!
    expect(requisites(back)).toMatchObject({ Отменен: 'false', 'Запрошена отмена': 'true', 'Статус заказа': 'Новый' })
    await saleSuccess(db())
    // A site cancel before 1C took the order is a cancel, sent as one.
    const fresh = await place()
    expect((await fresh.v.post('/api/order-cancel/', { id: fresh.id, reason: 1 })).status).toBe(200)
    expect(requisites(docOf(await queryDocs(), fresh.number)!)).toMatchObject({
      Отменен: 'true',
      'Статус заказа': 'Отменён',
      'Финальный статус': 'true',
    })
  })
})
