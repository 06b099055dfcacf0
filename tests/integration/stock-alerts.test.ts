import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { visitor, type ApiClient } from '../helpers/api'
import { db, rows, scalar, exec } from '../helpers/db'
import { contacts, offersInStock, setStock, signIn, stockOf, type OfferRow } from '../helpers/commerce'
import { fixture, fixtureImages, LOGIN, OneC, PASSWORD } from '../helpers/one-c'
import { env, setEnvForTests } from '../../server/env'
import { deliverStockAlerts, STOCK_ALERT_LIMIT } from '../../server/services/stock-alerts'
import { expireHolds } from '../../server/services/order-holds'
import { testDatabaseTarget } from '../helpers/setup-file'

/**
 * "Сообщить о поступлении" (issue 17): a sold-out volume takes an e-mail or a phone once; when
 * its stock comes back — a cancel, a hold expiry, a 1C offers import, or anything the minute job
 * sees — each waiting contact gets exactly one message, even with two processes delivering.
 */

const P = '-8b5e-11ee-b962-0242ac120002'
const CEM = `e0a10001${P}`

beforeAll(() => {
  setEnvForTests({
    EXCHANGE_1C_LOGIN: LOGIN,
    EXCHANGE_1C_PASSWORD: PASSWORD,
    PRICE_TYPE_1C: 'Розничная',
    PRICE_TYPE_1C_OLD: 'Цена до скидки',
    EXCHANGE_1C_DIR: mkdtempSync(join(tmpdir(), '1c-stock-alerts-')),
  })
})

let seq = 0
const freshPhone = () => `+7914000${String(++seq).padStart(4, '0')}`
const freshEmail = () => `alert${process.pid}-${++seq}@example.com`
/** Each test its own client address: the per-address limit is a test of its own. */
const peer = () => `10.17.${Math.floor(++seq / 250)}.${seq % 250}`
const shopper = (locale = 'ru') => visitor({ locale, peer: peer() })

/** Offers nobody else in this file touches: each call takes the next one, sold out. */
let cursor = 0
async function soldOut(): Promise<OfferRow> {
  const o = (await offersInStock(1))[cursor++]!
  await setStock(o.id, 0)
  return { ...o, stock: 0 }
}

const smsTo = (phone: string) =>
  rows<{ text: string }>('select text from sms_outbox where phone = ? order by id', phone)
const mailTo = (email: string) =>
  rows<{ subject: string; text: string }>('select subject, text from mail_outbox where email = ? order by id', email)
const pending = (offerId: number) =>
  scalar<number>('select count(*) from stock_subscriptions where offer_id = ? and notified_at is null', offerId)
const product = async (offerId: number) =>
  (
    await rows<{ name: string; nameEn: string; volume: number; slug: string; section: string }>(
      `select p.name, p.name_en as "nameEn", o.volume, p.slug, s.slug as section from product_offers o
       join products p on p.id = o.product_id join catalog_sections s on s.id = p.section_id where o.id = ?`,
      offerId,
    )
  )[0]!

describe('subscribing', () => {
  it('takes an e-mail or a phone for a sold-out volume; the same contact again is 200 and no second row', async () => {
    const o = await soldOut()
    const v = shopper()
    const phone = '+7 (914) 111-22-33'
    const first = await v.post('/api/stock-alert/', { id: o.id, channel: 'sms', phone })
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      success: true,
      message: 'Мы сообщим, когда товар появится',
      offerId: o.id,
      already: false,
    })
    const again = await v.post('/api/stock-alert/', { id: o.id, channel: 'sms', phone: '89141112233' })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ success: true, already: true })
    const mail = await v.post('/api/stock-alert/', { id: o.id, channel: 'email', email: ' Anna.Alert@Example.com ' })
    expect(mail.status).toBe(200)
    expect(
      await rows('select channel, contact, locale from stock_subscriptions where offer_id = ? order by id', o.id),
    ).toEqual([
      { channel: 'sms', contact: '+79141112233', locale: 'ru' },
      { channel: 'email', contact: 'anna.alert@example.com', locale: 'ru' },
    ])
  })

  it("a product id means its default volume; a signed-in shopper's alert keeps the account", async () => {
    const o = await soldOut()
    const v = shopper('en')
    const userId = await signIn(v)
    const res = await v.post('/api/stock-alert/', { id: o.productId, channel: 'email', email: freshEmail() })
    // The product may have other volumes in stock: then it is refused as in stock.
    const others = await scalar<number>('select sum(stock) from product_offers where product_id = ?', o.productId)
    if (others > 0) {
      expect(res.status).toBe(422)
      return
    }
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ offerId: o.id, message: 'We will let you know when the product is back' })
    expect(await scalar('select user_id from stock_subscriptions where offer_id = ?', o.id)).toBe(userId)
    expect(await scalar('select locale from stock_subscriptions where offer_id = ?', o.id)).toBe('en')
  })

  it("bad contacts get the field's message (422), as in every form; nothing is stored", async () => {
    const o = await soldOut()
    const v = shopper('en')
    const shortPhone = await v.post('/api/stock-alert/', { id: o.id, channel: 'sms', phone: '+7 (914) 111-22' })
    expect(shortPhone.status).toBe(422)
    expect(shortPhone.body.errors).toEqual({ phone: 'Enter the full phone number' })
    const badMail = await v.post('/api/stock-alert/', { id: o.id, channel: 'email', email: 'anna@' })
    expect(badMail.status).toBe(422)
    expect(badMail.body.errors).toEqual({ email: 'Invalid E-mail' })
    const noChannel = await v.post('/api/stock-alert/', { id: o.id, phone: '+79141112233' })
    expect(noChannel.status).toBe(422)
    expect(Object.keys(noChannel.body.errors)).toEqual(['channel'])
    expect((await v.post('/api/stock-alert/', { id: 'x', channel: 'sms', phone: '+79141112233' })).status).toBe(422)
    // Texts go to Russian mobile numbers only: not to 8-800, not to a landline.
    for (const phone of ['8 800 555-35-35', '+7 (495) 128-46-70']) {
      const landline = await v.post('/api/stock-alert/', { id: o.id, channel: 'sms', phone })
      expect(landline.status, phone).toBe(422)
      expect(landline.body.errors, phone).toEqual({ phone: expect.stringContaining('Russian mobile') })
    }
    expect(await scalar('select count(*) from stock_subscriptions where offer_id = ?', o.id)).toBe(0)
  })

  it('refuses a volume in stock or no longer sold (422 on id) and an unknown id (404)', async () => {
    const [inStock] = (await offersInStock(1)).slice(-1)
    const v = shopper()
    const res = await v.post('/api/stock-alert/', { id: inStock!.id, channel: 'sms', phone: freshPhone() })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({
      success: false,
      message: 'Этот товар есть в наличии: добавьте его в корзину',
      errors: { id: 'Этот товар есть в наличии: добавьте его в корзину' },
    })
    const hidden = await soldOut()
    await exec('update products set hidden = true where id = ?', hidden.productId)
    const gone = await v.post('/api/stock-alert/', { id: hidden.id, channel: 'sms', phone: freshPhone() })
    expect(gone.status).toBe(422)
    expect(gone.body.errors).toEqual({ id: 'Этот товар больше не продаётся' })
    expect((await v.post('/api/stock-alert/', { id: 9_999_999, channel: 'sms', phone: freshPhone() })).status).toBe(404)
    expect(
      await scalar('select count(*) from stock_subscriptions where offer_id in (?, ?)', inStock!.id, hidden.id),
    ).toBe(0)
  })

  it('is limited per client address (429 with the wait), like the shop’s other forms', async () => {
    const o = await soldOut()
    const v = shopper()
    for (let i = 0; i < STOCK_ALERT_LIMIT.max; i++)
      expect((await v.post('/api/stock-alert/', { id: o.id, channel: 'sms', phone: freshPhone() })).status).toBe(200)
    const over = await v.post('/api/stock-alert/', { id: o.id, channel: 'sms', phone: freshPhone() })
    expect(over.status).toBe(429)
    expect(over.body.timeout).toBeGreaterThan(0)
    // Another address is not affected.
    expect((await shopper().post('/api/stock-alert/', { id: o.id, channel: 'sms', phone: freshPhone() })).status).toBe(
      200,
    )
  })

  it('tRPC: the same rules and the same words; a cross-site POST is refused on both adapters', async () => {
    const o = await soldOut()
    const v = shopper('en')
    const trpc = (input: unknown, headers: Record<string, string> = {}) =>
      v.raw('POST', '/api/trpc/stockAlerts.subscribe', {
        body: JSON.stringify(input),
        headers: { 'content-type': 'application/json', ...headers },
      })
    const ok = await trpc({ id: o.id, channel: 'sms', phone: freshPhone() })
    expect(ok.status).toBe(200)
    expect(ok.body.result.data).toMatchObject({ success: true, already: false, offerId: o.id })
    const bad = await trpc({ id: o.id, channel: 'email', email: 'x' })
    expect(bad.status).toBe(422)
    expect(bad.body.error.data.errors).toEqual({ email: 'Invalid E-mail' })
    const [inStock] = (await offersInStock(1)).slice(-1)
    const refused = await trpc({ id: inStock!.id, channel: 'sms', phone: freshPhone() })
    expect(refused.status).toBe(422)
    expect(refused.body.error.data.errors).toEqual({ id: 'This product is in stock: add it to the cart' })
    const before = await scalar('select count(*) from stock_subscriptions')
    const evil = { origin: 'https://evil.example' }
    expect((await trpc({ id: o.id, channel: 'sms', phone: freshPhone() }, evil)).status).toBe(403)
    expect((await v.post('/api/stock-alert/', { id: o.id, channel: 'sms', phone: freshPhone() }, evil)).status).toBe(
      403,
    )
    expect(await scalar('select count(*) from stock_subscriptions')).toBe(before)
  })
})

async function cashOrder(v: ApiClient, offer: OfferRow, quantity: number) {
  expect((await v.post('/api/cart-list/', { id: offer.id, quantity })).status).toBe(200)
  const res = await v.post('/api/orders-checkout-offline/', {
    ...contacts,
    phone: freshPhone(),
    delivery: 'courier',
    address: 'г. Москва, ул. Тверская, д. 1, кв. 5',
  })
  expect(res.status).toBe(200)
  return res.body.order.id as number
}

describe('delivery', () => {
  it('a cancel that puts the last units back sends each waiting contact one message, in their language', async () => {
    const [o] = (await offersInStock(1)).slice(cursor++, cursor)
    await setStock(o!.id, 2)
    const buyer = shopper()
    const orderId = await cashOrder(buyer, o!, 2)
    expect(await stockOf(o!.id)).toBe(0)

    const phone = freshPhone()
    const email = freshEmail()
    expect((await shopper().post('/api/stock-alert/', { id: o!.id, channel: 'sms', phone })).status).toBe(200)
    expect((await shopper('en').post('/api/stock-alert/', { id: o!.id, channel: 'email', email })).status).toBe(200)
    expect(await smsTo(phone)).toEqual([])

    expect((await buyer.post('/api/order-cancel/', { id: orderId, reason: 1 })).status).toBe(200)
    expect(await stockOf(o!.id)).toBe(2)
    const p = await product(o!.id)
    await expect
      .poll(() => smsTo(phone))
      .toEqual([{ text: `${p.name}, ${p.volume} мл снова в наличии: /catalog/${p.section}/${p.slug}/` }])
    await expect.poll(async () => (await mailTo(email)).length).toBe(1)
    expect((await mailTo(email))[0]!.subject).toBe(`Back in stock: ${p.nameEn}`)
    expect((await mailTo(email))[0]!.text).toContain(`${p.nameEn}, ${p.volume} ml`)
    expect((await mailTo(email))[0]!.text).toContain(`/catalog/${p.section}/${p.slug}/`)
    expect(await pending(o!.id)).toBe(0)

    // The job later finds nothing to send: still one message each.
    expect(await deliverStockAlerts(db())).toBe(0)
    expect(await smsTo(phone)).toHaveLength(1)
    expect(await mailTo(email)).toHaveLength(1)

    // Sold out again: the same contact may ask again, and hears again next time.
    await setStock(o!.id, 0)
    const again = await shopper().post('/api/stock-alert/', { id: o!.id, channel: 'sms', phone })
    expect(again.body.already).toBe(false)
    await setStock(o!.id, 1)
    expect(await deliverStockAlerts(db())).toBe(1)
    expect(await smsTo(phone)).toHaveLength(2)
  })

  it("SMS alerts to phones the shop has not verified count against the shop's SMS budget; verified phones get theirs", async () => {
    const o = await soldOut()
    const unverified = freshPhone()
    const verified = freshPhone()
    const now = Date.now()
    await exec(
      "insert into users (phone, phone_verified_at, created_at, updated_at, type) values (?, ?, ?, ?, 'individual')",
      verified,
      now,
      now,
      now,
    )
    for (const phone of [unverified, verified])
      expect((await shopper().post('/api/stock-alert/', { id: o.id, channel: 'sms', phone })).status).toBe(200)
    // The hour's budget is spent (by code requests, say).
    await exec('delete from rate_limits where key = ?', 'sms:budget')
    await exec(
      'insert into rate_limits (key, count, reset_at) values (?, ?, ?)',
      'sms:budget',
      env().SMS_HOURLY_BUDGET,
      now + 3600_000,
    )
    await setStock(o.id, 3)
    await deliverStockAlerts(db())
    expect(await smsTo(verified)).toHaveLength(1)
    expect(await smsTo(unverified)).toEqual([])
    expect(await pending(o.id)).toBe(1)
    // The next hour: the waiting alert goes out, and counts.
    await exec('update rate_limits set reset_at = ? where key = ?', now - 1, 'sms:budget')
    expect(await deliverStockAlerts(db())).toBe(1)
    expect(await smsTo(unverified)).toHaveLength(1)
    expect(await scalar('select count from rate_limits where key = ?', 'sms:budget')).toBe(1)
  })

  it('an unpaid order cancelled at the end of its hold sends the alerts', async () => {
    const [o] = (await offersInStock(1)).slice(cursor++, cursor)
    await setStock(o!.id, 1)
    const buyer = shopper()
    expect((await buyer.post('/api/cart-list/', { id: o!.id, quantity: 1 })).status).toBe(200)
    const res = await buyer.post('/api/orders-checkout/', {
      ...contacts,
      phone: freshPhone(),
      delivery: 'courier',
      address: 'г. Москва, ул. Тверская, д. 1, кв. 5',
      payment: 'card',
    })
    expect(res.status).toBe(200)
    expect(await stockOf(o!.id)).toBe(0)
    const phone = freshPhone()
    expect((await shopper().post('/api/stock-alert/', { id: o!.id, channel: 'sms', phone })).status).toBe(200)
    expect(await expireHolds(db(), Date.now() + 365 * 24 * 3600_000)).toBeGreaterThan(0)
    await expect.poll(async () => (await smsTo(phone)).length).toBe(1)
  })

  it('a 1C offers import that brings stock back sends the alerts once; importing it again sends nothing', async () => {
    const exchange = async (files: [string, Buffer][]) => {
      const c = new OneC()
      await c.checkauth()
      await c.init()
      for (const [path, data] of fixtureImages()) await c.upload(path, data)
      for (const [name, data] of files) {
        await c.upload(name, data)
        expect((await c.importFile(name)).answer.lines[0]).toBe('success')
      }
    }
    await exchange([
      ['import.xml', fixture('import.xml')],
      ['offers.xml', fixture('offers.xml')],
    ])
    const offerId = await scalar<number>('select id from product_offers where external_id = ?', `${CEM}#c0000300${P}`)
    const stock = await stockOf(offerId)
    expect(stock).toBeGreaterThan(0)
    await setStock(offerId, 0)
    const phone = freshPhone()
    const email = freshEmail()
    expect((await shopper().post('/api/stock-alert/', { id: offerId, channel: 'sms', phone })).status).toBe(200)
    expect((await shopper().post('/api/stock-alert/', { id: offerId, channel: 'email', email })).status).toBe(200)

    await exchange([['offers.xml', fixture('offers.xml')]])
    expect(await stockOf(offerId)).toBe(stock)
    await expect.poll(async () => (await smsTo(phone)).length).toBe(1)
    await expect.poll(async () => (await mailTo(email)).length).toBe(1)
    expect((await smsTo(phone))[0]!.text).toContain((await product(offerId)).name)

    await exchange([['offers.xml', fixture('offers.xml')]])
    expect(await deliverStockAlerts(db())).toBe(0)
    expect(await smsTo(phone)).toHaveLength(1)
    expect(await mailTo(email)).toHaveLength(1)
  })

  it('stock raised by any other path (the minute job) is noticed; a hidden product sends nothing', async () => {
    const o = await soldOut()
    const hidden = await soldOut()
    const phone = freshPhone()
    expect((await shopper().post('/api/stock-alert/', { id: o.id, channel: 'sms', phone })).status).toBe(200)
    expect((await shopper().post('/api/stock-alert/', { id: hidden.id, channel: 'sms', phone })).status).toBe(200)
    await exec('update products set hidden = true where id = ?', hidden.productId)
    await setStock(o.id, 3)
    await setStock(hidden.id, 3)
    expect(await deliverStockAlerts(db())).toBe(1)
    expect(await smsTo(phone)).toHaveLength(1)
    expect(await pending(hidden.id)).toBe(1)
  })

  it('two processes delivering at the same moment send each alert once', async () => {
    const list = [await soldOut(), await soldOut(), await soldOut()]
    const phones: string[] = []
    for (const o of list)
      for (let i = 0; i < 10; i++) {
        const phone = freshPhone()
        phones.push(phone)
        const res = await visitor({ peer: peer() }).post('/api/stock-alert/', { id: o.id, channel: 'sms', phone })
        expect(res.status).toBe(200)
      }
    for (const o of list) await setStock(o.id, 5)

    const counts = await race(2)
    expect(counts.reduce((s, c) => s + c, 0)).toBe(30)
    for (const phone of phones) expect(await smsTo(phone)).toHaveLength(1)
    for (const o of list) expect(await pending(o.id)).toBe(0)
  }, 60_000)
})

/** Runs deliverStockAlerts in `n` processes of their own on this file's database, released together. */
async function race(n: number): Promise<number[]> {
  const tsx = resolve('node_modules/.bin/tsx')
  const worker = resolve('tests/helpers/stock-alert-worker.ts')
  const file = testDatabaseTarget()
  const procs = Array.from({ length: n }, () => {
    const p = spawn(tsx, [worker, file], {
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    let out = ''
    const ready = new Promise<void>((ok, fail) => {
      p.stdout.on('data', (d: Buffer) => {
        out += d.toString()
        if (out.includes('ready\n')) ok()
      })
      p.on('exit', (code) => (code ? fail(new Error(`worker exited ${code}`)) : undefined))
    })
    const done = new Promise<number>((ok, fail) =>
      p.on('exit', (code) =>
        code ? fail(new Error(`worker exited ${code}`)) : ok(JSON.parse(out.trim().split('\n').pop() ?? '0') as number),
      ),
    )
    return { p, ready, done }
  })
  await Promise.all(procs.map((w) => w.ready))
  for (const w of procs) w.p.stdin.write('go\n')
  return Promise.all(procs.map((w) => w.done))
}
