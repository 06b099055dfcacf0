import { translate, type Locale } from '../lib/i18n'
import { formatNumber } from '../../server/contracts/number-format'

export { formatNumber }

/**
 * The one place prices and dates are formatted (spec §9): `1 234 ₽` (space thousands
 * separator, no decimals, rouble sign), dates `dd.mm.yyyy`.
 */
export function formatPrice(value: number): string {
  return `${formatNumber(value)}\u00a0₽`
}

/**
 * The price of 100 ml of a volume given in ml (issue 17: "123 ₽ / 100 мл" beside a price), formatted
 * like any price; null when there is no volume to divide by.
 */
export function formatPricePer100(price: number, volumeMl: number | null | undefined): string | null {
  if (!volumeMl || volumeMl <= 0) return null
  return formatPrice((price * 100) / volumeMl)
}

export function formatDate(value: number | string | Date): string {
  const d = value instanceof Date ? value : new Date(value)
  const dd = String(d.getDate()).padStart(2, '0')
  const mm = String(d.getMonth() + 1).padStart(2, '0')
  return `${dd}.${mm}.${d.getFullYear()}`
}

export function formatDateTime(value: number | string | Date): string {
  const d = value instanceof Date ? value : new Date(value)
  return `${formatDate(d)} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}

/** Russian plural: plural(5, ['товар', 'товара', 'товаров']) → 'товаров'. */
export function plural(n: number, forms: readonly [string, string, string]): string {
  const a = Math.abs(n) % 100
  const b = a % 10
  if (a > 10 && a < 20) return forms[2]
  if (b > 1 && b < 5) return forms[1]
  if (b === 1) return forms[0]
  return forms[2]
}


/** A duration in minutes as hours and minutes: 210 → '3 ч 30 мин' ('3 h 30 min'); 60 → '1 ч'; 45 → '45 мин'. */
export function formatDuration(minutes: number, locale: Locale = 'ru'): string {
  const units = { hours: translate(locale, 'duration.hours'), minutes: translate(locale, 'duration.minutes') }
  const total = Math.max(0, Math.round(minutes))
  const h = Math.floor(total / 60)
  const m = total % 60
  const parts = [
    h > 0 ? `${formatNumber(h)}\u00a0${units.hours}` : '',
    m > 0 || h === 0 ? `${m}\u00a0${units.minutes}` : '',
  ]
  return parts.filter(Boolean).join(' ')
}
