import { describe, expect, it } from 'vitest'
import { formatNumber } from '../../server/contracts/number-format'
import { formatPrice } from '../../app/shell/format'

/** What the shop printed before the hand-written grouping: Intl's ru-RU whole numbers, NBSP-separated. */
const intl = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0, minimumFractionDigits: 0 })
const reference = (v: number) => intl.format(Math.round(v)).replace(/\u202f|\u00a0/g, '\u00a0')

describe('formatNumber: whole numbers grouped by three with a no-break space', () => {
  it('prints prices as the spec shows them', () => {
    expect(formatNumber(5000)).toBe('5\u00a0000')
    expect(formatPrice(1234)).toBe('1\u00a0234\u00a0₽')
    expect(formatNumber(999)).toBe('999')
    expect(formatNumber(1234567.6)).toBe('1\u00a0234\u00a0568')
  })

  it('prints every number exactly as Intl ru-RU did (random values of every size, signs, halves, edges)', () => {
    const values = [0, -0, 0.5, -0.5, 1, -1, 999, 1000, -1000, 99_999, 100_000, 2 ** 53, -(2 ** 53), 1e20, 9.99e20]
    values.push(1e21, -1e22, NaN, Infinity, -Infinity)
    let seed = 7
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
    for (let i = 0; i < 5000; i++) {
      const magnitude = 10 ** Math.floor(random() * 22)
      values.push((random() - 0.3) * magnitude)
    }
    for (const v of values) expect(formatNumber(v), String(v)).toBe(reference(v))
  })
})
