import { describe, expect, it } from 'vitest'
import { addDays, isoInZone, isTimeZone, localTime, offsetMinutes, zonedToUtc } from '../../server/contracts/zoned-time'

/** A salon's clock with Intl only (issue 26, ADR 044): never the server's zone. */
describe('zoned time', () => {
  it("gives each zone's offset and wall clock, whatever the process's TZ", () => {
    const t = Date.parse('2026-12-03T03:00:00Z')
    expect(offsetMinutes('Asia/Novosibirsk', t)).toBe(420)
    expect(offsetMinutes('Europe/Moscow', t)).toBe(180)
    expect(offsetMinutes('Europe/Samara', t)).toBe(240)
    expect(isoInZone('Asia/Novosibirsk', t)).toBe('2026-12-03T10:00:00+07:00')
    expect(isoInZone('Europe/Moscow', t)).toBe('2026-12-03T06:00:00+03:00')
    expect(localTime('Asia/Novosibirsk', t)).toEqual({ date: '2026-12-03', minute: 600, weekday: 4, time: '10:00' })
    // 23:30 UTC is already the next day in Novosibirsk: "today" is the salon's.
    expect(localTime('Asia/Novosibirsk', Date.parse('2026-12-06T23:30:00Z')).date).toBe('2026-12-07')
  })

  it('turns a local day and minute into the instant, across a DST change too', () => {
    expect(zonedToUtc('Asia/Novosibirsk', '2026-12-03', 600)).toBe(Date.parse('2026-12-03T03:00:00Z'))
    expect(zonedToUtc('Asia/Novosibirsk', '2026-12-03', 24 * 60)).toBe(Date.parse('2026-12-03T17:00:00Z'))
    // Berlin: winter +01:00, summer +02:00 (from 2026-03-29 02:00 local).
    expect(zonedToUtc('Europe/Berlin', '2026-03-28', 600)).toBe(Date.parse('2026-03-28T09:00:00Z'))
    expect(zonedToUtc('Europe/Berlin', '2026-03-29', 600)).toBe(Date.parse('2026-03-29T08:00:00Z'))
    expect(isoInZone('Europe/Berlin', Date.parse('2026-03-29T08:00:00Z'))).toBe('2026-03-29T10:00:00+02:00')
  })

  it('knows real zones and steps over month ends', () => {
    expect(isTimeZone('Asia/Novosibirsk')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })
})
