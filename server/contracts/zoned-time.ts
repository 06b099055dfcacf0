/**
 * Wall-clock time in a named zone (IANA, `Asia/Novosibirsk`) with nothing but `Intl`: a salon's
 * days, times and UTC offset are its own, never the server's or Moscow's (issue 26, ADR 044).
 * Isomorphic: the booking UI formats with the same functions.
 */

const offsetFormats = new Map<string, Intl.DateTimeFormat>()
const partFormats = new Map<string, Intl.DateTimeFormat>()

function offsetFormat(timeZone: string) {
  let f = offsetFormats.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    offsetFormats.set(timeZone, f)
  }
  return f
}

function partFormat(timeZone: string) {
  let f = partFormats.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    })
    partFormats.set(timeZone, f)
  }
  return f
}

/** True when `timeZone` is a zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    offsetFormat(timeZone)
    return true
  } catch {
    return false
  }
}

/** The zone's offset from UTC at the instant `utcMs`, in minutes (Novosibirsk: 420). */
export function offsetMinutes(timeZone: string, utcMs: number): number {
  const name = offsetFormat(timeZone)
    .formatToParts(utcMs)
    .find((p) => p.type === 'timeZoneName')?.value
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '')
  if (!m) return 0
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]))
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 }

export interface LocalTime {
  /** `YYYY-MM-DD` */
  date: string
  /** Minutes since the local midnight. */
  minute: number
  /** 1 = Monday … 7 = Sunday. */
  weekday: number
  /** `HH:MM` */
  time: string
}

/** The wall clock in `timeZone` at `utcMs`. */
export function localTime(timeZone: string, utcMs: number): LocalTime {
  const parts = Object.fromEntries(
    partFormat(timeZone)
      .formatToParts(utcMs)
      .map((p) => [p.type, p.value]),
  )
  const hour = Number(parts.hour)
  const minute = Number(parts.minute)
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: hour * 60 + minute,
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 1,
    time: `${parts.hour}:${parts.minute}`,
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The UTC instant of `minute` past the local midnight of `date` in `timeZone`. */
export function zonedToUtc(timeZone: string, date: string, minute: number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const asUtc = Date.UTC(y, m - 1, d, 0, minute)
  // The offset at the guess, then at the corrected instant (right across a DST change too).
  let utc = asUtc - offsetMinutes(timeZone, asUtc) * 60_000
  utc = asUtc - offsetMinutes(timeZone, utc) * 60_000
  return utc
}

/** `2026-12-03T10:00:00+07:00`: the instant as the zone's wall clock with its offset. */
export function isoInZone(timeZone: string, utcMs: number): string {
  const off = offsetMinutes(timeZone, utcMs)
  const local = new Date(utcMs + off * 60_000)
  const sign = off < 0 ? '-' : '+'
  const abs = Math.abs(off)
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  )
}

/** `date` plus `days` calendar days (`YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const t = new Date(Date.UTC(y, m - 1, d + days))
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`
}

/** `dd.mm.yyyy` of a `YYYY-MM-DD` day (the house date format). */
export const dayText = (date: string) => date.split('-').reverse().join('.')
