import { describe, expect, it, vi } from 'vitest'
import { visitor } from '../helpers/api'
import { db, rows, scalar } from '../helpers/db'
import { stockOf } from '../helpers/commerce'
import {
  place,
  payOnline,
  statusOf,
  smsTo,
  mailTo,
  queryDocs,
  docOf,
  statusFile,
  snapshot,
  type Placed,
} from '../helpers/sale-exchange'
import { saleImport, saleSuccess, statusFromName } from '../../server/exchange/sale'

/**
 * The sale side of the 1C exchange (issue 16 points 1 and 3): orders out as CommerceML
 * (`mode=query`), acknowledged (`mode=success`), statuses back from 1C (`mode=file`) reaching
 * the order page, the SMS outbox, the mail outbox, the stock and the refunds.
 */

describe('mode=file: statuses from 1C', () => {
  it('shipped, cancelled (stock back, online payment refunded) and accepted reach the order, the SMS and the mail', async () => {
    const shipped = await place({ quantity: 2 })
    const card = await place({ payment: 'card', quantity: 2 })
    await payOnline(card)
    const accepted = await place({ quantity: 1 })
    await queryDocs()
    await saleSuccess(db())
    const stockBefore = await stockOf(card.offerId)
    const email = (o: Placed) => scalar<string>('select email from orders where id = ?', o.id)

    const result = await saleImport(db(), statusFile([shipped.number, card.number, accepted.number]))
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
    expect(await smsTo(shipped.phone)).toEqual([
      `Заказ ${shipped.number}: оплата получена. Спасибо!`,
      `Заказ ${shipped.number} передан в доставку.`,
    ])
    expect((await mailTo(await email(shipped))).map((m) => m.subject)).toEqual([
      `Заказ ${shipped.number}: Оплачен`,
      `Заказ ${shipped.number}: Отправлен`,
    ])
    expect((await mailTo(await email(shipped)))[1]!.text).toContain(`/personal/orders/${shipped.id}/`)

    // Cancelled in 1C: stock back, the card payment refunded through the acquirer.
    expect(await statusOf(card.id)).toBe('cancelled')
    expect(await stockOf(card.offerId)).toBe(stockBefore + 2)
    await vi.waitFor(async () =>
      expect(await rows('select status, amount from refunds where order_id = ?', card.id)).toEqual([
        { status: 'succeeded', amount: await scalar<number>('select total from orders where id = ?', card.id) },
      ]),
    )
    expect((await smsTo(card.phone)).at(-1)).toBe(`Заказ ${card.number} отменён. Оплата вернётся тем же способом.`)
    const cardPage = await card.v.get('/api/order/', { id: card.id })
    expect(cardPage.body.status).toBe('cancelled')

    // "[N] Принят" with a payment: paid, then processing (told of the payment only).
    expect(await statusOf(accepted.id)).toBe('processing')
    expect(await smsTo(accepted.phone)).toEqual([`Заказ ${accepted.number}: оплата получена. Спасибо!`])
    const acc = await accepted.v.get('/api/order/', { id: accepted.id })
    expect(acc.body.statusLabel).toBe('В обработке')

    // Changed by 1C itself: not sent back to 1C.
    const docs = await queryDocs()
    for (const o of [shipped, card, accepted]) expect(docOf(docs, o.number)).toBeUndefined()

    // The same file again: nothing changes, nobody is told twice.
    const before = await snapshot()
    const again = await saleImport(db(), statusFile([shipped.number, card.number, accepted.number]))
    expect(again).toMatchObject({ ok: true })
    expect(again.results.map((r) => r.status)).toEqual(['unchanged', 'unchanged', 'unchanged'])
    expect(await snapshot()).toEqual(before)
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
      await saleImport(
        db(),
        wrap(one(done.number, '[F] Выполнен'), one(cancelled.number, 'Своё название', cancelFlag)),
      ),
    ).toMatchObject({
      ok: true,
    })
    expect(await statusOf(done.id)).toBe('done')
    expect(await statusOf(cancelled.id)).toBe('cancelled')

    const r = await saleImport(
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
    expect(await statusOf(done.id)).toBe('done')
    expect(await statusOf(cancelled.id)).toBe('cancelled')
    expect(await statusOf(odd.id)).toBe('new')
    expect(await statusOf(fine.id)).toBe('processing')

    // Backward: shipped → "Собран" (processing) is refused; a payment reported again is not.
    expect(await saleImport(db(), wrap(one(fine.number, 'Отгружен')))).toMatchObject({ ok: true })
    const back = await saleImport(db(), wrap(one(fine.number, 'Собран')))
    expect(back).toMatchObject({
      ok: false,
      reason: `${fine.number}: Заказ в статусе «Отправлен»: вернуть его в «В обработке» нельзя`,
    })
    const paidAgain = `<ЗначениеРеквизита><Наименование>Дата оплаты по 1С</Наименование><Значение>2026-05-14T10:00:00</Значение></ЗначениеРеквизита>`
    expect(await saleImport(db(), wrap(one(fine.number, '', paidAgain)))).toMatchObject({ ok: true })
    expect(await statusOf(fine.id)).toBe('shipped')
  })

  it('a broken file is refused with the reason and changes nothing', async () => {
    const o = await place()
    const good = statusFile([o.number, 'HC-0000-000000', 'HC-0000-000001'])
    const before = await snapshot()
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
      const r = await saleImport(db(), xml)
      expect(r.ok, xml.slice(0, 80)).toBe(false)
      if (!r.ok) expect(r.reason).toMatch(reason)
    }
    expect(await snapshot()).toEqual(before)
    expect(await statusOf(o.id)).toBe('new')
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
