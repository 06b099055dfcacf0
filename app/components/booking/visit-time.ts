import type { Locale } from '../../lib/i18n'

/**
 * A visit's time as the salon keeps it (issue 26): `start` comes with the salon's UTC offset
 * (`2026-12-03T10:00:00+07:00`), so its date and clock are read from the string itself — never
 * through the browser's or the server's zone — and the offset names the zone.
 */
export interface LocalTime {
  /** yyyy-mm-dd, the salon's day. */
  date: string
  /** hh:mm, the salon's clock. */
  time: string
  /** `UTC+7`, `UTC+3`, `UTC`. */
  zone: string
}

/** The UTC offset a `start` carries (`+07:00`), for the salon's days when its zone's name is not at hand. */
export function offsetOf(start: string): string {
  return /([+-]\d{2}:?\d{2})$/.exec(start)?.[1] ?? '+00:00'
}

const ISO = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/

export function localTime(start: string): LocalTime {
  const m = ISO.exec(start)
  if (!m) return { date: start.slice(0, 10), time: start.slice(11, 16), zone: '' }
  return { date: m[1]!, time: m[2]!, zone: zoneName(m[3]!) }
}

/** `+07:00` → `UTC+7`, `+05:30` → `UTC+5:30`, `Z` → `UTC`. */
function zoneName(offset: string): string {
  if (offset === 'Z') return 'UTC'
  const sign = offset[0]
  const digits = offset.slice(1).replace(':', '')
  const hours = Number(digits.slice(0, 2))
  const m = digits.slice(2, 4) || '00'
  if (hours === 0 && m === '00') return 'UTC'
  return `UTC${sign}${hours}${m === '00' ? '' : `:${m}`}`
}

/** A salon day (yyyy-mm-dd) as the visitor reads it: `чт, 03.12.2026` / `Thu, 03.12.2026`. */
export function formatDay(date: string, locale: Locale, withYear = true): string {
  const noon = new Date(`${date}T12:00:00Z`)
  const weekday = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    weekday: 'short',
    timeZone: 'UTC',
  }).format(noon)
  const [y, mo, d] = date.split('-')
  return `${weekday}, ${d}.${mo}${withYear ? `.${y}` : ''}`
}

/** `чт, 03.12.2026, 10:00` — a visit's day and clock in the salon's time. */
export function formatVisit(start: string, locale: Locale): string {
  const { date, time } = localTime(start)
  return `${formatDay(date, locale)}, ${time}`
}

/** Today in `timeZone` (IANA), yyyy-mm-dd: the salon's "today", not the browser's. */
export function todayIn(timeZone: string, now = new Date()): string {
  // A fixed offset (`+07:00`, what a visit's `start` carries) without trusting Intl to know the form.
  const fixed = /^([+-])(\d{2}):?(\d{2})$/.exec(timeZone)
  if (fixed) {
    const minutes = (Number(fixed[2]) * 60 + Number(fixed[3])) * (fixed[1] === '-' ? -1 : 1)
    return new Date(now.getTime() + minutes * 60_000).toISOString().slice(0, 10)
  }
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
  } catch {
    return now.toISOString().slice(0, 10)
  }
}

/** `count` salon days from the salon's today, yyyy-mm-dd each. */
export function salonDays(timeZone: string, count = 14, now = new Date()): string[] {
  const first = new Date(`${todayIn(timeZone, now)}T12:00:00Z`)
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(first)
    d.setUTCDate(first.getUTCDate() + i)
    return d.toISOString().slice(0, 10)
  })
}

/** A salon on Yandex Maps: at its coordinates when known, else found by its address. */
export function mapLink(salon: { address: string; latitude?: number | null; longitude?: number | null }): string {
  if (typeof salon.latitude === 'number' && typeof salon.longitude === 'number')
    return `https://yandex.ru/maps/?pt=${salon.longitude},${salon.latitude}&z=16&l=map`
  return `https://yandex.ru/maps/?text=${encodeURIComponent(salon.address)}`
}
