import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { XMLParser } from 'fast-xml-parser'
import { setEnvForTests } from '../../server/env'
import { visitor } from '../helpers/api'
import { rows, scalar } from '../helpers/db'
import { contacts, offersInStock } from '../helpers/commerce'
import { LOGIN, OneC, PASSWORD } from '../helpers/one-c'

/**
 * The order exchange the way 1C drives it over `/exchange/1c/` (issue 16, "Done when"): an order
 * placed on the site, `type=sale` checkauth → init → query → success, then a status file posted
 * with `mode=file`; the status shows on `/api/order/` and the SMS is in the outbox.
 */

beforeAll(() => {
  setEnvForTests({
    EXCHANGE_1C_LOGIN: LOGIN,
    EXCHANGE_1C_PASSWORD: PASSWORD,
    EXCHANGE_1C_DIR: mkdtempSync(join(tmpdir(), '1c-sale-')),
  })
})

const FIXTURE = readFileSync(join(import.meta.dirname, '../fixtures/1c/sale-from-1c.xml'), 'utf8')
const parser = new XMLParser({ isArray: (name) => name === 'Документ', parseTagValue: false })
const numbersIn = (xml: string): string[] =>
  (parser.parse(xml)['КоммерческаяИнформация']['Документ'] ?? []).map((d: { Номер: string }) => d['Номер'])

describe('/exchange/1c/?type=sale', () => {
  it('query, success, then a status file: the order page and the SMS show it; a broken file is a failure', async () => {
    const shopper = visitor()
    const [offer] = await offersInStock(3)
    await shopper.post('/api/cart-list/', { id: offer!.id, quantity: 1 })
    const placed = await shopper.post('/api/orders-checkout-offline/', {
      ...contacts,
      phone: '+7 (916) 555-44-33',
      delivery: 'courier',
      address: 'г. Москва, ул. Арбат, д. 10',
    })
    expect(placed.status).toBe(200)
    const { id, number } = placed.body.order as { id: number; number: string }

    const c = new OneC()
    await c.checkauth('sale')
    expect((await c.init('sale')).lines[0]).toMatch(/^zip=(yes|no)$/)

    const query = await c.call({ type: 'sale', mode: 'query' })
    expect(query.status).toBe(200)
    expect(query.headers.get('content-type')).toMatch(/xml/)
    expect(query.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(numbersIn(query.text)).toContain(number)

    expect((await c.call({ type: 'sale', mode: 'success' })).text).toBe('success')
    expect(numbersIn((await c.call({ type: 'sale', mode: 'query' })).text)).not.toContain(number)
    await c.call({ type: 'sale', mode: 'success' })

    // 1C posts the orders back: this one shipped (the others in the file are unknown here).
    const file = FIXTURE.replaceAll('HC-2605-000101', number)
    const doc =
      file.slice(0, file.indexOf('<Документ>', file.indexOf('<Документ>') + 1)) + '</КоммерческаяИнформация>\n'
    const up = await c.call({ type: 'sale', mode: 'file', filename: 'orders.xml' }, { body: Buffer.from(doc, 'utf8') })
    expect(up.text).toBe('success')

    const order = await shopper.get('/api/order/', { id })
    expect(order.body).toMatchObject({ status: 'shipped', statusLabel: 'Отправлен' })
    expect(
      await rows<{ text: string }>('select text from sms_outbox where phone = ? order by id', '+79165554433'),
    ).toEqual([{ text: `Заказ ${number}: оплата получена. Спасибо!` }, { text: `Заказ ${number} передан в доставку.` }])

    // A broken file: failure with the reason, nothing changed.
    const history = await scalar<number>('select count(*) from order_status_history where order_id = ?', id)
    const broken = await c.call(
      { type: 'sale', mode: 'file', filename: 'orders-2.xml' },
      { body: Buffer.from(doc.replace('</КоммерческаяИнформация>', ''), 'utf8') },
    )
    expect(broken.lines[0]).toBe('failure')
    expect(broken.lines[1]).toMatch(/XML/)
    expect(await scalar<number>('select count(*) from order_status_history where order_id = ?', id)).toBe(history)

    // Without the cookie 1C gets a failure and the orders stay where they are.
    const stranger = await new OneC().call({ type: 'sale', mode: 'query' })
    expect(stranger.lines[0]).toBe('failure')
  })
})
