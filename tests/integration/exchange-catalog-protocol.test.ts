import { createHash } from 'node:crypto'
import { existsSync, statSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { env, setEnvForTests } from '../../server/env'
import { sessionDir } from '../../server/exchange/files'
import { scalar, exec } from '../helpers/db'
import { EXCHANGE_ENV, enableCatalogExchange } from '../helpers/one-c-env'
import { catalogSnapshot, fixture, LOGIN, OneC, zipBomb } from '../helpers/one-c'
import { FILE_LIMIT } from '../../server/exchange/protocol'
import { captureLogs } from '../helpers/logs'

beforeAll(enableCatalogExchange)

/** The exchange's settings as they are now (captureLogs restores these afterwards). */
const EXCHANGE_ENV_NOW = () => ({ ...EXCHANGE_ENV, EXCHANGE_1C_DIR: env().EXCHANGE_1C_DIR })

describe('1C exchange: protocol', () => {
  it('checkauth gives a cookie for HTTP Basic; wrong or missing credentials get failure and a reason', async () => {
    const c = new OneC()
    const ok = await c.call({ type: 'catalog', mode: 'checkauth' }, { basic: true })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(ok.lines[0]).toBe('success')
    expect(ok.lines[1]).toBe('exchange_1c')
    expect(ok.lines[2]).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    // Only the token's hash is kept.
    expect(await scalar('select count(*) from exchange_sessions where id = ?', ok.lines[2])).toBe(0)

    const none = await new OneC().call({ type: 'catalog', mode: 'checkauth' })
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic /)
    expect(none.lines[0]).toBe('failure')
    expect(none.lines[1]).toMatch(/авторизация/i)

    const wrong = await new OneC({ login: LOGIN, password: 'not-the-password-at-all' }).call(
      { type: 'catalog', mode: 'checkauth' },
      { basic: true },
    )
    expect(wrong.lines).toEqual(['failure', 'Неверный логин или пароль обмена с сайтом'])
  })

  it('password guessing: wrong passwords from one address are throttled (429 + failure) and logged with the address; another address and, after the window, the right password work', async () => {
    const guesser = new OneC({ login: LOGIN, password: 'guess' })
    const guess = (peer = '198.51.100.7') => guesser.call({ type: 'catalog', mode: 'checkauth' }, { basic: true, peer })
    const { result: answers, logs } = await captureLogs(async () => {
      const out = []
      for (let i = 0; i < 15; i++) out.push(await guess())
      return out
    }, EXCHANGE_ENV_NOW())
    const statuses = answers!.map((a) => a.status)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses.slice(10)).toEqual(Array(5).fill(429))
    const last = answers!.at(-1)!
    expect(last.lines[0]).toBe('failure')
    expect(last.lines[1]).toMatch(/Слишком много неверных попыток входа.*\d+ с/)
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(logs).toMatch(/wrong login or password.*198\.51\.100\.7/)
    expect(logs).toMatch(/throttled.*198\.51\.100\.7/)

    // The right password from the throttled address waits too; from another address it works.
    const right = (peer: string) => new OneC().call({ type: 'catalog', mode: 'checkauth' }, { basic: true, peer })
    expect((await right('198.51.100.7')).status).toBe(429)
    expect((await right('198.51.100.8')).lines[0]).toBe('success')
    // An IPv6 client counts by its /64: another address in it is the same client.
    for (let i = 0; i < 10; i++) await guess(`2001:db8:1:2::${i + 1}`)
    expect((await guess('2001:db8:1:2::ff')).status).toBe(429)

    // When the window is over, the right password works again.
    await exec("update rate_limits set reset_at = ? where key like 'exchange1c:%'", Date.now() - 1)
    expect((await right('198.51.100.7')).lines[0]).toBe('success')
  })

  it('answers are text/plain with nosniff and do not echo raw input', async () => {
    const c = new OneC()
    const html = '<script>alert(1)</script>'
    const unknownType = await c.call({ type: html, mode: 'init' })
    expect(unknownType.headers.get('x-content-type-options')).toBe('nosniff')
    expect(unknownType.text).not.toContain('<')
    await c.checkauth()
    expect((await c.checkauth()).headers.get('x-content-type-options')).toBe('nosniff')
    for (const answer of [
      await c.call({ type: 'catalog', mode: html }),
      await c.call({ type: 'catalog', mode: 'import', filename: `${html}.xml` }),
    ]) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      expect(answer.lines[0]).toBe('failure')
      expect(answer.text).not.toMatch(/[<>]/)
    }
    // An ordinary name is still named back, so 1C's log says which file was refused.
    expect((await c.call({ type: 'catalog', mode: 'import', filename: 'offers.xml' })).lines[1]).toBe(
      'Файл offers.xml не загружен',
    )
  })

  it('a zip bomb (400 KB → 400 MB) is refused with failure and a reason: memory stays bounded, the event loop keeps answering', async () => {
    const c = new OneC()
    await c.checkauth()
    await c.init()
    const dir = sessionDir(createHash('sha256').update(c.cookie.split('=')[1]!).digest('hex'))
    // Headers that lie get as far as the allowance (100 × 400 KB = 40 MB) actually inflated.
    for (const [declared, label] of [
      [undefined, 'honest headers'],
      [1000, 'headers that lie about the size'],
    ] as const) {
      const bomb = zipBomb('import.xml', 400, declared)
      expect(bomb.length).toBeLessThan(450_000)
      await c.upload('exchange.zip', bomb)
      global.gc?.()
      const rss0 = process.memoryUsage().rss
      let peak = rss0
      // The longest time the event loop did not come round to a 5 ms timer (what a shopper's request
      // would wait), and of that time the CPU this process spent (on the shared test machine a
      // process also waits for a core: a gap with little CPU in it is the machine, not the unzip).
      let last = performance.now()
      let cpu = process.cpuUsage()
      let maxGap = 0
      let maxBusy = 0
      const tick = () => {
        const now = performance.now()
        const used = process.cpuUsage(cpu)
        maxGap = Math.max(maxGap, now - last)
        maxBusy = Math.max(maxBusy, Math.min(now - last, (used.user + used.system) / 1000))
        last = now
        cpu = process.cpuUsage()
        peak = Math.max(peak, process.memoryUsage().rss)
      }
      const sampler = setInterval(tick, 5)
      const answer = await c.call({ type: 'catalog', mode: 'import', filename: 'import.xml' })
      tick()
      clearInterval(sampler)
      const growthMb = (peak - rss0) / 2 ** 20
      console.log(
        `zip bomb (${label}): max event-loop delay ${maxGap.toFixed(0)} ms (CPU in it ${maxBusy.toFixed(0)} ms), RSS growth ${growthMb.toFixed(0)} MB`,
      )
      expect(answer.lines[0]).toBe('failure')
      expect(answer.lines[1]).toMatch(/Архив exchange\.zip распаковывается больше чем в \d+ МБ/)
      expect(maxBusy).toBeLessThan(200)
      expect(maxGap).toBeLessThan(1000)
      expect(growthMb).toBeLessThan(150)
      // Nothing it unpacked is left; asking again gives the same refusal (without unpacking again).
      expect(existsSync(join(dir, 'import.xml'))).toBe(false)
      expect((await c.call({ type: 'catalog', mode: 'import', filename: 'import.xml' })).lines).toEqual(answer.lines)
      await c.init()
    }
    // The sale side unpacks orders from 1C under the same caps.
    const sale = new OneC()
    await sale.checkauth('sale')
    const orders = await sale.call(
      { type: 'sale', mode: 'file', filename: 'orders.zip' },
      { body: zipBomb('orders.xml', 400) },
    )
    expect(orders.lines[0]).toBe('failure')
    expect(orders.lines[1]).toMatch(/Архив orders\.zip распаковывается больше чем в \d+ МБ/)
  })

  it('a part is streamed to disk: a chunked body over file_limit is refused without reading it all; a file over EXCHANGE_1C_FILE_MAX across parts is refused', async () => {
    const c = new OneC()
    await c.checkauth()
    await c.init()
    let pulled = 0
    const body = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        if (pulled >= 64 * 2 ** 20) return ctrl.close()
        pulled += 2 ** 16
        ctrl.enqueue(new Uint8Array(2 ** 16))
      },
    })
    const big = await c.call({ type: 'catalog', mode: 'file', filename: 'import.xml' }, { body, method: 'POST' })
    expect(big.lines).toEqual(['failure', `Часть файла больше file_limit (${FILE_LIMIT} байт)`])
    expect(pulled).toBeLessThan(FILE_LIMIT + 2 ** 20)
    const dir = sessionDir(createHash('sha256').update(c.cookie.split('=')[1]!).digest('hex'))
    expect(existsSync(join(dir, 'import.xml')) ? statSync(join(dir, 'import.xml')).size : 0).toBe(0)

    setEnvForTests({ ...EXCHANGE_ENV_NOW(), EXCHANGE_1C_FILE_MAX: String(2 ** 20) })
    try {
      const part = new Uint8Array(400 * 1024)
      expect((await c.call({ type: 'catalog', mode: 'file', filename: 'offers.xml' }, { body: part })).text).toBe(
        'success',
      )
      expect((await c.call({ type: 'catalog', mode: 'file', filename: 'offers.xml' }, { body: part })).text).toBe(
        'success',
      )
      const third = await c.call({ type: 'catalog', mode: 'file', filename: 'offers.xml' }, { body: part })
      expect(third.lines).toEqual(['failure', 'Файл offers.xml больше 1048576 байт (EXCHANGE_1C_FILE_MAX)'])
      expect(statSync(join(dir, 'offers.xml')).size).toBe(800 * 1024)
      // The sale side has the same caps.
      await c.checkauth('sale')
      const sale = await c.call(
        { type: 'sale', mode: 'file', filename: 'orders.xml' },
        { body: new Uint8Array(2 ** 20 + 1) },
      )
      expect(sale.lines[0]).toBe('failure')
    } finally {
      setEnvForTests(EXCHANGE_ENV_NOW())
    }
  })

  it('later calls need the cookie; unknown modes and types are refused with a reason; nothing changes', async () => {
    const before = await catalogSnapshot()
    const c = new OneC()
    const noCookie = await c.call({ type: 'catalog', mode: 'init' })
    expect(noCookie.lines[0]).toBe('failure')
    expect(noCookie.lines[1]).toMatch(/cookie/)
    const forged = await c.call(
      { type: 'catalog', mode: 'import', filename: 'import.xml' },
      { cookie: 'exchange_1c=forged' },
    )
    expect(forged.lines[0]).toBe('failure')
    expect(forged.lines[1]).toMatch(/истёк или неизвестен/)
    // Basic auth alone does not replace the session cookie.
    expect((await c.call({ type: 'catalog', mode: 'init' }, { basic: true })).lines[0]).toBe('failure')

    await c.checkauth()
    expect((await c.call({ type: 'catalog', mode: 'dance' })).lines).toEqual([
      'failure',
      'Неизвестный mode=dance для type=catalog',
    ])
    expect((await c.call({ type: 'goods', mode: 'init' })).lines[0]).toBe('failure')
    expect((await c.call({ type: 'catalog', mode: 'import', filename: '../../etc/passwd' })).lines).toEqual([
      'failure',
      'Недопустимое имя файла: ../../etc/passwd',
    ])
    expect(
      (await c.call({ type: 'catalog', mode: 'file', filename: '/etc/import.xml' }, { body: new Uint8Array(3) }))
        .lines[0],
    ).toBe('success') // a leading slash is dropped, as 1C-Bitrix does: the file lands in the session folder
    expect((await c.call({ type: 'catalog', mode: 'file', filename: 'import.xml' })).lines[0]).toBe('failure') // GET
    expect((await c.call({ type: 'catalog', mode: 'import', filename: 'offers.xml' })).lines).toEqual([
      'failure',
      'Файл offers.xml не загружен',
    ])
    expect((await c.call({ type: 'catalog', mode: 'import', filename: 'notes.txt' })).lines[0]).toBe('failure')
    expect(await catalogSnapshot()).toBe(before)
  })

  it('a later checkauth removes the uploads of an idle finished exchange, not of an active one', async () => {
    const idle = new OneC()
    await idle.checkauth()
    await idle.init()
    await idle.upload('import.xml', fixture('import-partial.xml'))
    const active = new OneC()
    await active.checkauth()
    await active.init()
    await active.upload('offers.xml', fixture('offers.xml'))
    const hour = Date.now() - 60 * 60 * 1000
    const dirOf = (c: OneC) => sessionDir(createHash('sha256').update(c.cookie.split('=')[1]!).digest('hex'))
    await exec('update exchange_sessions set created_at = ?', hour)
    for (const f of [join(dirOf(idle), 'import.xml'), dirOf(idle)]) utimesSync(f, hour / 1000, hour / 1000)
    await new OneC().checkauth()
    expect(existsSync(dirOf(idle))).toBe(false)
    expect(existsSync(join(dirOf(active), 'offers.xml'))).toBe(true)
    // The active exchange goes on with its file (refused here only because the catalog has no such products yet).
    expect((await active.importFile('offers.xml')).answer.lines[1]).toMatch(/неизвестный товар/)
  })

  it('is 404 while EXCHANGE_1C_LOGIN is unset', async () => {
    setEnvForTests({ EXCHANGE_1C_LOGIN: '' })
    try {
      expect((await new OneC().call({ type: 'catalog', mode: 'checkauth' }, { basic: true })).status).toBe(404)
    } finally {
      setEnvForTests({ ...EXCHANGE_ENV, EXCHANGE_1C_DIR: process.env.EXCHANGE_1C_DIR ?? '' })
    }
  })
})
