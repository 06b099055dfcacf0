/**
 * The one grouping of whole numbers (spec §9: a space as the thousands separator, no decimals):
 * 5000 → '5 000' with a no-break space. Isomorphic, so a server message parameter and a page
 * print a number the same way; `formatPrice` (app/shell/format.ts) adds the rouble sign to it.
 *
 * The grouping is done by hand, exactly as `Intl.NumberFormat('ru-RU')` prints a whole number
 * (tests/unit/number-format.test.ts compares the two): building that formatter loads the ICU
 * locale data, which cost a budget phone ~55 ms of the first load's main thread, on every page
 * (issue 14 point 5). Intl is still asked, lazily, for what has no digits to group (NaN, ±∞) and
 * for numbers too large to print without an exponent.
 */
let intl: Intl.NumberFormat | undefined
const viaIntl = (n: number) =>
  (intl ??= new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0, minimumFractionDigits: 0 }))
    .format(n)
    .replace(/\u202f|\u00a0/g, '\u00a0')

export function formatNumber(value: number): string {
  const n = Math.round(value)
  if (!Number.isFinite(n) || Math.abs(n) >= 1e21) return viaIntl(n)
  const digits = String(Math.abs(n))
  let out = digits.slice(0, digits.length % 3 || 3)
  for (let i = out.length; i < digits.length; i += 3) out += '\u00a0' + digits.slice(i, i + 3)
  return n < 0 || Object.is(n, -0) ? '-' + out : out
}
