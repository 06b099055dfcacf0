// Zod-free, so the browser's booking form reads the earliest date without loading zod (ADR 028).

/** The shop's time zone: "today" of a date field is the salon's today. */
const SHOP_TIME_ZONE = 'Europe/Moscow'

/** Today in the shop's time zone as yyyy-mm-dd: the earliest date a date field accepts (the input's `min`). */
export function earliestFormDate(now: Date = new Date()): string {
  // en-CA formats as yyyy-mm-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

/** A date field's value (yyyy-mm-dd or dd.mm.yyyy) as yyyy-mm-dd, or null when it is no real calendar day. */
export function isoFormDate(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) ?? /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value)
  if (!m) return null
  const [y, mo, d] = value.includes('-') ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]]
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)))
  const iso = `${y}-${mo}-${d}`
  return date.toISOString().slice(0, 10) === iso ? iso : null
}
