import { expect } from 'vitest'
import { visitor, type ApiClient } from './api'
import { scalar } from './db'
import { addDays, localTime } from '../../server/contracts/zoned-time'

/** Booking tests (issue 26): the Novosibirsk salon, its days and times, guests with SMS codes. */

export const NSK = 8
export const ZONE = 'Asia/Novosibirsk'
export const MIN = 60_000
export const HOUR = 60 * MIN

let phoneSeq = 0
export const freshPhone = () => `+7913555${String(++phoneSeq).padStart(4, '0')}`
let peerSeq = 0
/** A guest of Novosibirsk from an address of its own (per-address code limits stay out of the way). */
export async function guest(city = 3, locale = 'en'): Promise<ApiClient> {
  const v = visitor({ locale, peer: `10.26.${Math.floor(++peerSeq / 200)}.${(peerSeq % 200) + 1}` })
  expect((await v.post('/api/user-city/', { id: city })).status).toBe(200)
  return v
}

export const serviceId = (slug: string) => scalar<number>('select id from services where slug = ?', slug)

/** The next `weekday` (1 = Monday … 7 = Sunday) in Novosibirsk at least `minDays` ahead. */
export function nextWeekday(weekday: number, minDays = 2): string {
  const today = localTime(ZONE, Date.now()).date
  for (let d = minDays; d < minDays + 7; d++) {
    const date = addDays(today, d)
    const [y, m, day] = date.split('-').map(Number) as [number, number, number]
    const w = new Date(Date.UTC(y, m - 1, day)).getUTCDay() || 7
    if (w === weekday) return date
  }
  throw new Error('unreachable')
}

/** `2026-12-02T10:00:00+07:00` for a Novosibirsk day and HH:MM. */
export const nsk = (date: string, hhmm: string) => `${date}T${hhmm}:00+07:00`

export async function codeFor(v: ApiClient, phone: string): Promise<string> {
  const sent = await v.post('/api/user-sms/', { phone })
  expect(sent.status).toBe(200)
  const list = (await v.get('/api/dev/sms-outbox/', { phone })).body.list as { code: string }[]
  return list[0]!.code
}

export const lastSms = async (v: ApiClient, phone: string) =>
  ((await v.get('/api/dev/sms-outbox/', { phone })).body.list as { text: string }[])[0]?.text ?? ''

/** A guest books `start` with a fresh phone and its code; answers the response and the phone. */
export async function book(v: ApiClient, body: Record<string, unknown>) {
  const phone = freshPhone()
  const code = await codeFor(v, phone)
  const res = await v.post('/api/booking/', { fullname: 'Анна Иванова', ...body, phone, code })
  return { res, phone }
}
