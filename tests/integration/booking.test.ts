import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exec, scalar } from '../helpers/db'
import { testDatabaseTarget } from '../helpers/setup-file'
import { signIn } from '../helpers/commerce'
import {
  book,
  codeFor,
  freshPhone,
  guest,
  lastSms,
  MIN,
  nextWeekday,
  nsk,
  NSK,
  serviceId,
  ZONE,
} from '../helpers/booking'
import { addDays, localTime } from '../../server/contracts/zoned-time'
import { bookingLink } from '../../server/contracts/booking'

/**
 * Issue 26 (ADR 044): booking a salon visit with the built-in schedule (BOOKING_PROVIDER=local),
 * through the REST adapter in-process, on this file's database (SQLite, or PostgreSQL with
 * vitest.pg.config.ts). The Novosibirsk salon (id 8, UTC+7, closed on Sundays) is the salon of
 * most tests: its times must carry +07:00 whatever the server's zone.
 */

describe('salons, masters, slots (issue 26)', () => {
  it("salons of the visitor's city that do the service, with the city's zone; none for a request-form service; 404 for no service", async () => {
    const haircut = await serviceId('womens-haircut')
    const v = await guest(3)
    const res = await v.get('/api/booking-salons/', { service: haircut })
    expect(res.status).toBe(200)
    expect(res.body).toEqual([
      {
        id: NSK,
        name: 'Krasny Prospekt salon',
        address: '25 Krasny Prospekt, Novosibirsk',
        cityId: 3,
        timeZone: ZONE,
        latitude: expect.any(Number),
        longitude: expect.any(Number),
      },
    ])
    const moscow = await guest(1)
    expect(
      ((await moscow.get('/api/booking-salons/', { service: haircut })).body as { id: number }[]).map((s) => s.id),
    ).toEqual([1, 2])
    const extensions = await serviceId('capsule-extensions')
    expect((await v.get('/api/booking-salons/', { service: extensions })).body).toEqual([])
    expect((await v.get('/api/booking-salons/', { service: 999_999 })).status).toBe(404)
    expect((await v.get('/api/booking-salons/', { service: 'x' })).status).toBe(422)
  })

  it('masters of the salon who do the service; none where the salon does not do it', async () => {
    const haircut = await serviceId('womens-haircut')
    const v = await guest()
    const res = await v.get('/api/booking-masters/', { service: haircut, salon: NSK })
    expect(res.status).toBe(200)
    expect(res.body.length).toBeGreaterThanOrEqual(2)
    for (const m of res.body)
      expect(m).toEqual({ id: expect.any(Number), name: expect.any(String), position: expect.any(String), photo: null })
    const colouring = await serviceId('single-color')
    const colourists = (await v.get('/api/booking-masters/', { service: colouring, salon: NSK })).body as {
      id: number
    }[]
    // A stylist who does haircuts and not colouring is not offered for colouring.
    expect(colourists.map((m) => m.id)).not.toEqual((res.body as { id: number }[]).map((m) => m.id))
    expect(
      (await v.get('/api/booking-masters/', { service: await serviceId('capsule-extensions'), salon: NSK })).body,
    ).toEqual([])
    expect((await v.get('/api/booking-masters/', { service: haircut, salon: 999 })).status).toBe(404)
  })

  it("slots carry the salon's offset (+07:00), lie on its working hours, are all in the future; a Sunday (salon closed), a day off and a past day are empty", async () => {
    const haircut = await serviceId('womens-haircut')
    const v = await guest()
    const wednesday = nextWeekday(3)
    const res = await v.get('/api/booking-slots/', { service: haircut, salon: NSK, date: wednesday })
    expect(res.status).toBe(200)
    const slots = res.body as { start: string; master: { id: number; name: string } }[]
    expect(slots.length).toBeGreaterThan(5)
    for (const s of slots) {
      expect(s.start).toMatch(new RegExp(`^${wednesday}T\\d{2}:(00|30):00\\+07:00$`))
      expect(Date.parse(s.start)).toBeGreaterThan(Date.now())
    }
    // The seed's hours: nobody starts before 10:00 local, a 60-minute haircut ends by the day's end.
    expect(slots[0]!.start).toBe(nsk(wednesday, '10:00'))
    expect(slots.map((s) => s.start)).toEqual([...new Set(slots.map((s) => s.start))])
    // The offset is the salon's: 10:00 in Novosibirsk is 03:00 UTC.
    expect(new Date(slots[0]!.start).toISOString()).toBe(`${wednesday}T03:00:00.000Z`)

    expect((await v.get('/api/booking-slots/', { service: haircut, salon: NSK, date: nextWeekday(7) })).body).toEqual(
      [],
    )
    const yesterday = addDays(localTime(ZONE, Date.now()).date, -1)
    expect((await v.get('/api/booking-slots/', { service: haircut, salon: NSK, date: yesterday })).body).toEqual([])

    // Today: only starts still ahead (judged in Novosibirsk).
    const today = localTime(ZONE, Date.now()).date
    const todays = (await v.get('/api/booking-slots/', { service: haircut, salon: NSK, date: today })).body as {
      start: string
    }[]
    for (const s of todays) expect(Date.parse(s.start)).toBeGreaterThan(Date.now())

    // A master's day off: none of their times that day.
    const master = slots[0]!.master.id
    const mine = (await v.get('/api/booking-slots/', { service: haircut, salon: NSK, date: wednesday, master }))
      .body as unknown[]
    expect(mine.length).toBeGreaterThan(0)
    await exec('insert into master_days_off (master_id, date) values (?, ?)', master, wednesday)
    expect(
      (await v.get('/api/booking-slots/', { service: haircut, salon: NSK, date: wednesday, master })).body,
    ).toEqual([])
    await exec('delete from master_days_off where master_id = ?', master)

    expect((await v.get('/api/booking-slots/', { service: haircut, salon: NSK, date: '2026-02-30' })).status).toBe(422)
    // tRPC answers the same as REST (the booking UI uses it).
    expect(await v.trpc().caller.booking.slots({ service: haircut, salon: NSK, date: wednesday })).toEqual(slots)
  })
})

describe('booking a visit (issue 26)', () => {
  it('a guest needs the SMS code (422 on code); with it the visit is booked, answered with the offset, texted with the local time and address, and its time is no longer free', async () => {
    const haircut = await serviceId('womens-haircut')
    const v = await guest()
    const thursday = nextWeekday(4)
    const start = nsk(thursday, '12:00')
    const phone = freshPhone()
    const body = { service: haircut, salon: NSK, start, fullname: 'Анна Иванова', phone, email: 'anna@example.com' }
    const noCode = await v.post('/api/booking/', body)
    expect(noCode.status).toBe(422)
    expect(noCode.body.errors).toHaveProperty('code')
    const code = await codeFor(v, phone)
    const res = await v.post('/api/booking/', { ...body, code, values: { length: 'long' } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      success: true,
      booking: {
        id: expect.any(Number),
        service: { id: haircut, name: "Women's haircut" },
        salon: {
          id: NSK,
          name: 'Krasny Prospekt salon',
          address: '25 Krasny Prospekt, Novosibirsk',
          latitude: expect.any(Number),
          longitude: expect.any(Number),
          timeZone: ZONE,
        },
        master: { id: expect.any(Number), name: expect.any(String) },
        start,
        durationMinutes: 60,
        // The calculator's choice: long hair is 160 % of 1800.
        price: 2880,
        status: 'booked',
      },
    })
    const sms = await lastSms(v, phone)
    expect(sms).toContain('12:00')
    expect(sms).toContain('25 Krasny Prospekt, Novosibirsk')
    expect(sms).toContain(bookingLink(res.body.booking.id))
    // The master's time is taken: not offered again for them.
    const left = (
      await v.get('/api/booking-slots/', {
        service: haircut,
        salon: NSK,
        date: thursday,
        master: res.body.booking.master.id,
      })
    ).body as { start: string }[]
    expect(left.map((s) => s.start)).not.toContain(start)
    // Overlap, not only the same start: 11:30 for 60 minutes runs into 12:00.
    expect(left.map((s) => s.start)).not.toContain(nsk(thursday, '11:30'))
    expect(left.map((s) => s.start)).toContain(nsk(thursday, '13:00'))
  })

  it('a start that is past, off the grid, outside the hours or at a salon without the service is 422 on start; the same master and time again is 409', async () => {
    const haircut = await serviceId('womens-haircut')
    const v = await guest()
    const friday = nextWeekday(5)
    const first = await book(v, { service: haircut, salon: NSK, start: nsk(friday, '14:00') })
    expect(first.res.status).toBe(200)
    const master = first.res.body.booking.master.id as number
    const again = await book(v, { service: haircut, salon: NSK, master, start: nsk(friday, '14:00') })
    expect(again.res.status).toBe(409)
    const overlapping = await book(v, { service: haircut, salon: NSK, master, start: nsk(friday, '14:30') })
    expect(overlapping.res.status).toBe(409)
    // The slot was lost, not the code: the same code books another time.
    const phone = freshPhone()
    const code = await codeFor(v, phone)
    const lost = { service: haircut, salon: NSK, master, start: nsk(friday, '14:00'), fullname: 'Анна', phone, code }
    expect((await v.post('/api/booking/', lost)).status).toBe(409)
    expect((await v.post('/api/booking/', { ...lost, start: nsk(friday, '16:00') })).status).toBe(200)

    const past = await v.post('/api/booking/', {
      service: haircut,
      salon: NSK,
      start: '2020-01-01T10:00:00+07:00',
      fullname: 'Анна',
      phone: freshPhone(),
    })
    expect(past.status).toBe(422)
    expect(past.body.errors).toHaveProperty('start')
    for (const start of [nsk(friday, '14:10'), nsk(friday, '06:00'), nsk(nextWeekday(7), '12:00')]) {
      const r = await book(v, { service: haircut, salon: NSK, start })
      expect(r.res.status, start).toBe(422)
      expect(r.res.body.errors).toHaveProperty('start')
    }
    await exec(
      'delete from master_services where master_id in (select id from masters where salon_id = 9) and service_id = ?',
      haircut,
    )
    const foreign = await book(v, { service: haircut, salon: 9, start: nsk(friday, '12:00') })
    expect(foreign.res.status).toBe(422)
    expect(foreign.res.body.errors).toHaveProperty('start')
    const garbled = await v.post('/api/booking/', {
      service: haircut,
      salon: NSK,
      start: 'tomorrow',
      fullname: 'Анна',
      phone: freshPhone(),
    })
    expect(garbled.status).toBe(422)
    expect(garbled.body.errors).toHaveProperty('start')
  })

  it('a signed-in shopper with a verified phone books without a code', async () => {
    const haircut = await serviceId('mens-haircut')
    const v = await guest()
    const userId = await signIn(v)
    const phone = await scalar<string>('select phone from users where id = ?', userId)
    const unverified = await v.post('/api/booking/', {
      service: haircut,
      salon: NSK,
      start: nsk(nextWeekday(3), '15:00'),
      fullname: 'Анна',
      phone,
    })
    expect(unverified.status).toBe(422)
    await exec('update users set phone_verified_at = ? where id = ?', Date.now(), userId)
    const res = await v.post('/api/booking/', {
      service: haircut,
      salon: NSK,
      start: nsk(nextWeekday(3), '15:00'),
      fullname: 'Анна',
      phone,
    })
    expect(res.status).toBe(200)
    expect(await scalar<number>('select user_id from bookings where id = ?', res.body.booking.id)).toBe(userId)
  })

  it('20 guests in 2 processes book one master at once, half at one time and half 30 minutes later (overlapping): exactly one visit', async () => {
    const haircut = await serviceId('womens-haircut')
    const saturday = nextWeekday(6)
    const masters = (await (await guest()).get('/api/booking-masters/', { service: haircut, salon: NSK })).body as {
      id: number
    }[]
    const master = masters[0]!.id
    const free = (
      await (await guest()).get('/api/booking-slots/', { service: haircut, salon: NSK, date: saturday, master })
    ).body as { start: string }[]
    const [start, halfHourLater] = [free[2]!.start, free[3]!.start]
    expect(Date.parse(halfHourLater) - Date.parse(start)).toBe(30 * MIN)
    // Every other guest of each process asks for `start`, the rest for half an hour later: the same start
    // twice is caught by the unique slot key alone; the overlapping one only by the lock on the master.
    const bodies = [start, halfHourLater].map((s) => ({
      service: haircut,
      salon: NSK,
      master,
      start: s,
      fullname: 'Гость',
    }))
    const file = testDatabaseTarget()
    const procs = Array.from({ length: 2 }, (_, w) => {
      const p = spawn(
        resolve('node_modules/.bin/tsx'),
        [resolve('tests/helpers/booking-worker.ts'), file, String(w), '10', JSON.stringify(bodies)],
        {
          env: { ...process.env, LOG_LEVEL: 'silent' },
          stdio: ['pipe', 'pipe', 'inherit'],
        },
      )
      let out = ''
      const ready = new Promise<void>((ok, fail) => {
        p.stdout.on('data', (d: Buffer) => {
          out += d.toString()
          if (out.includes('ready\n')) ok()
        })
        p.on('exit', (code) => (code ? fail(new Error(`worker exited ${code}`)) : undefined))
      })
      const done = new Promise<number[]>((ok, fail) =>
        p.on('exit', (code) =>
          code
            ? fail(new Error(`worker exited ${code}`))
            : ok(JSON.parse(out.trim().split('\n').pop() ?? '[]') as number[]),
        ),
      )
      return { p, ready, done }
    })
    await Promise.all(procs.map((w) => w.ready))
    for (const w of procs) w.p.stdin.write('go\n')
    const statuses = (await Promise.all(procs.map((w) => w.done))).flat()
    expect(statuses).toHaveLength(20)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(19)
    const from = Date.parse(start)
    expect(
      await scalar<number>(
        "select count(*) from bookings where master_id = ? and start_at >= ? and start_at <= ? and status = 'booked'",
        master,
        from,
        from + 30 * MIN,
      ),
    ).toBe(1)
    expect(await scalar<number>("select count(*) from bookings where status = 'pending'")).toBe(0)
  }, 120_000)
})
