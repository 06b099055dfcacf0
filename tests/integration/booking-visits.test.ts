import { describe, expect, it } from 'vitest'
import { db, exec, rows, scalar } from '../helpers/db'
import { signIn } from '../helpers/commerce'
import { book, codeFor, freshPhone, guest, HOUR, MIN, nextWeekday, nsk, NSK, serviceId, ZONE } from '../helpers/booking'
import { zonedToUtc } from '../../server/contracts/zoned-time'
import { sendBookingReminders } from '../../server/services/booking/notify'
import { bookingLink } from '../../server/contracts/booking'

/**
 * Issue 26 (ADR 044), after the booking: "Мои записи" (cancel, move, the cancel window), guest
 * visits joining the account, the reminders job under a controlled clock, the service page's flag.
 * BOOKING_PROVIDER=local, REST in-process, this file's database (SQLite or PostgreSQL).
 */

describe('"Мои записи": cancel, move, guest visits join the account (issue 26)', () => {
  it("lists the session's visits; cancel frees the time; someone else's visit is 404; late cancel or move is 409", async () => {
    const haircut = await serviceId('womens-haircut')
    const v = await guest()
    const monday = nextWeekday(1)
    const { res } = await book(v, { service: haircut, salon: NSK, start: nsk(monday, '13:00') })
    expect(res.status).toBe(200)
    const id = res.body.booking.id as number
    const master = res.body.booking.master.id as number
    const list = await v.get('/api/user-bookings/')
    expect(list.status).toBe(200)
    expect(list.body).toEqual([
      expect.objectContaining({
        id,
        start: nsk(monday, '13:00'),
        status: 'booked',
        cancellable: true,
        past: false,
        salonPhone: expect.any(String),
      }),
    ])

    const stranger = await guest()
    expect((await stranger.get('/api/user-bookings/')).body).toEqual([])
    expect((await stranger.delete('/api/user-bookings/', { id })).status).toBe(404)
    expect((await stranger.patch('/api/user-bookings/', { id, start: nsk(monday, '15:00') })).status).toBe(404)

    const cancelled = await v.delete('/api/user-bookings/', { id })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.booking).toMatchObject({ id, status: 'cancelled', cancellable: false })
    expect((await v.delete('/api/user-bookings/', { id })).status).toBe(409)
    const free = (await v.get('/api/booking-slots/', { service: haircut, salon: NSK, date: monday, master })).body as {
      start: string
    }[]
    expect(free.map((s) => s.start)).toContain(nsk(monday, '13:00'))

    // Less than BOOKING_CANCEL_HOURS (12) before the visit: call the salon.
    const late = await book(v, { service: haircut, salon: NSK, start: nsk(monday, '16:00') })
    expect(late.res.status).toBe(200)
    const lateId = late.res.body.booking.id as number
    await exec(
      'update bookings set start_at = ?, end_at = ? where id = ?',
      Date.now() + 11 * HOUR,
      Date.now() + 12 * HOUR,
      lateId,
    )
    const tooLate = await v.delete('/api/user-bookings/', { id: lateId })
    expect(tooLate.status).toBe(409)
    expect(tooLate.body.message).toMatch(/12 h .*call the salon/)
    expect((await v.patch('/api/user-bookings/', { id: lateId, start: nsk(monday, '17:00') })).status).toBe(409)
    const row = ((await v.get('/api/user-bookings/')).body as { id: number; cancellable: boolean }[]).find(
      (b) => b.id === lateId,
    )
    expect(row?.cancellable).toBe(false)
  })

  it('move books the new time and cancels the old one (even overlapping its own old time); a taken time leaves the visit as it was', async () => {
    const haircut = await serviceId('womens-haircut')
    const v = await guest()
    const tuesday = nextWeekday(2)
    // Tuesday: the masters who work then.
    const slots = (await v.get('/api/booking-slots/', { service: haircut, salon: NSK, date: tuesday })).body as {
      start: string
      master: { id: number }
    }[]
    const master = slots[0]!.master.id
    const [h0] = slots[0]!.start.slice(11, 16).split(':').map(Number) as [number]
    const at = (h: number, m = 0) => nsk(tuesday, `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)
    const { res } = await book(v, { service: haircut, salon: NSK, master, start: at(h0 + 1) })
    expect(res.status).toBe(200)
    const oldId = res.body.booking.id as number
    const moved = await v.patch('/api/user-bookings/', { id: oldId, start: at(h0 + 1, 30), master })
    expect(moved.status).toBe(200)
    expect(moved.body.booking).toMatchObject({ start: at(h0 + 1, 30), status: 'booked', master: { id: master } })
    const newId = moved.body.booking.id as number
    expect(await scalar<string>('select status from bookings where id = ?', oldId)).toBe('cancelled')
    // Someone else takes 10:00-ish of the master; moving there is 409 and the visit stays.
    const other = await book(await guest(), { service: haircut, salon: NSK, master, start: at(h0 + 4) })
    expect(other.res.status).toBe(200)
    const blocked = await v.patch('/api/user-bookings/', { id: newId, start: at(h0 + 4), master })
    expect(blocked.status).toBe(409)
    expect(await scalar<string>('select status from bookings where id = ?', newId)).toBe('booked')
    const mine = (await v.get('/api/user-bookings/')).body as { id: number; status: string }[]
    expect(mine.filter((b) => b.status === 'booked').map((b) => b.id)).toEqual([newId])
    // The time it was moved from is not listed as a visit of its own.
    expect(mine.map((b) => b.id)).not.toContain(oldId)
  })

  it("a guest's visits join the account when the guest signs in with the same phone in that session", async () => {
    const haircut = await serviceId('kids-haircut')
    const v = await guest()
    // The booking's code from /api/order-phone-code/ (as checkout asks), the sign-in's from /api/user-sms/.
    const phone = freshPhone()
    expect((await v.post('/api/order-phone-code/', { phone })).status).toBe(200)
    const bookingCode = ((await v.get('/api/dev/sms-outbox/', { phone })).body.list as { code: string }[])[0]!.code
    const res = await v.post('/api/booking/', {
      service: haircut,
      salon: NSK,
      start: nsk(nextWeekday(4), '16:00'),
      fullname: 'Анна',
      phone,
      code: bookingCode,
    })
    expect(res.status).toBe(200)
    const code = await codeFor(v, phone)
    expect((await v.post('/api/user-login-code/', { phone, code })).status).toBe(200)
    const list = (await v.get('/api/user-bookings/')).body as { id: number }[]
    expect(list.map((b) => b.id)).toEqual([res.body.booking.id])
    expect(await scalar<number | null>('select user_id from bookings where id = ?', res.body.booking.id)).not.toBeNull()
  })
})

describe('limits (issue 26)', () => {
  it('one phone or account holds at most 5 upcoming visits (409 "call the salon"); a cancelled one frees a place', async () => {
    const haircut = await serviceId('ends-trim')
    const v = await guest()
    const userId = await signIn(v)
    await exec('update users set phone_verified_at = ? where id = ?', Date.now(), userId)
    const phone = await scalar<string>('select phone from users where id = ?', userId)
    const date = nextWeekday(5, 9)
    const at = (h: number) => ({ service: haircut, salon: NSK, fullname: 'Анна', phone, start: nsk(date, `${h}:00`) })
    const ids: number[] = []
    for (const h of [10, 11, 12, 13, 14]) {
      const res = await v.post('/api/booking/', at(h))
      expect(res.status).toBe(200)
      ids.push(res.body.booking.id as number)
    }
    const sixth = await v.post('/api/booking/', at(15))
    expect(sixth.status).toBe(409)
    expect(sixth.body.message).toMatch(/5 upcoming visits.*call the salon/)
    expect((await v.delete('/api/user-bookings/', { id: ids[0] })).status).toBe(200)
    expect((await v.post('/api/booking/', at(15))).status).toBe(200)
  })
})

describe('reminders (issue 26)', () => {
  it('24 h and 2 h before, each once, at the right instants, with the local time and a link; none for a cancelled visit', async () => {
    const haircut = await serviceId('womens-haircut')
    const v = await guest()
    // A Wednesday no other test of this file books (theirs are 2–8 days ahead).
    const date = nextWeekday(3, 9)
    const a = await book(v, { service: haircut, salon: NSK, start: nsk(date, '16:00'), email: 'visit@example.com' })
    const b = await book(v, { service: haircut, salon: NSK, start: nsk(date, '17:00') })
    expect(a.res.status).toBe(200)
    expect(b.res.status).toBe(200)
    expect((await v.delete('/api/user-bookings/', { id: b.res.body.booking.id })).status).toBe(200)
    // 16:00 in Novosibirsk is 09:00 UTC.
    const startAt = zonedToUtc(ZONE, date, 16 * 60)
    expect(startAt).toBe(Date.parse(`${date}T09:00:00Z`))
    const texts = async (phone: string) =>
      (await rows<{ text: string }>('select text from sms_outbox where phone = ? order by id', phone)).map(
        (r) => r.text,
      )
    const before = (await texts(a.phone)).length

    expect(await sendBookingReminders(db(), startAt - 24 * HOUR - MIN)).toBe(0)
    expect(await sendBookingReminders(db(), startAt - 24 * HOUR + MIN)).toBe(1)
    expect(await sendBookingReminders(db(), startAt - 23 * HOUR)).toBe(0)
    const day = (await texts(a.phone)).slice(before)
    expect(day).toHaveLength(1)
    expect(day[0]).toContain('16:00')
    expect(day[0]).toContain(bookingLink(a.res.body.booking.id))
    expect(await scalar<number>("select count(*) from mail_outbox where email = 'visit@example.com'")).toBe(1)

    expect(await sendBookingReminders(db(), startAt - 2 * HOUR - MIN)).toBe(0)
    // Two processes at once: one text.
    const both = await Promise.all([
      sendBookingReminders(db(), startAt - 2 * HOUR + MIN),
      sendBookingReminders(db(), startAt - 2 * HOUR + MIN),
    ])
    expect(both[0] + both[1]).toBe(1)
    expect((await texts(a.phone)).slice(before)).toHaveLength(2)
    expect(await sendBookingReminders(db(), startAt - MIN)).toBe(0)
    // The cancelled visit got none.
    expect((await texts(b.phone)).filter((t) => /Reminder|Напоминаем/.test(t))).toEqual([])
  })
})

describe('service page data (issue 26)', () => {
  it('says whether the service books online (the request form stays only where it does not)', async () => {
    const v = await guest()
    const online = await v.get('/api/entity/', { path: '/services/haircuts/womens-haircut/' })
    expect(online.status).toBe(200)
    expect(online.body.data.service.bookableOnline).toBe(true)
    const form = await v.get('/api/entity/', { path: '/services/extensions/capsule-extensions/' })
    expect(form.body.data.service.bookableOnline).toBe(false)
  })
})
