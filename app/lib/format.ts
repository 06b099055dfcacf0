/**
 * The one place prices and dates are formatted (spec §9): `1 234 ₽` (space thousands
 * separator, no decimals, rouble sign), dates `dd.mm.yyyy`.
 */
const rub = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0, minimumFractionDigits: 0 })

export function formatPrice(value: number): string {
  // ru-RU groups with a narrow no-break space; keep it unbreakable but render as a space.
  return `${rub.format(Math.round(value)).replace(/\u202f|\u00a0/g, '\u00a0')}\u00a0₽`
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
