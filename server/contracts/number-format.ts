/**
 * The one grouping of whole numbers (spec §9: a space as the thousands separator, no decimals):
 * 5000 → '5 000' with a no-break space. Isomorphic, so a server message parameter and a page
 * print a number the same way; `formatPrice` (app/lib/format.ts) adds the rouble sign to it.
 */
const grouped = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0, minimumFractionDigits: 0 })

export function formatNumber(value: number): string {
  return grouped.format(Math.round(value)).replace(/\u202f|\u00a0/g, '\u00a0')
}
