import { describe, expect, it } from 'vitest'
import { formatDuration, formatNumber } from '../../app/shell/format'

const plain = (s: string) => s.replace(/\u00a0/g, ' ')

describe('formatDuration', () => {
  it('gives hours and minutes, not a pile of minutes', () => {
    expect(plain(formatDuration(210))).toBe('3 ч 30 мин')
    expect(plain(formatDuration(210, 'en'))).toBe('3 h 30 min')
    expect(plain(formatDuration(60))).toBe('1 ч')
    expect(plain(formatDuration(120, 'en'))).toBe('2 h')
    expect(plain(formatDuration(45))).toBe('45 мин')
    expect(plain(formatDuration(75, 'en'))).toBe('1 h 15 min')
    expect(plain(formatDuration(0))).toBe('0 мин')
  })

  it('keeps a number and its unit together (no-break space)', () => {
    expect(formatDuration(90)).toBe('1\u00a0ч 30\u00a0мин')
  })
})

describe('formatNumber', () => {
  it('groups thousands like prices', () => {
    expect(plain(formatNumber(5000))).toBe('5 000')
    expect(plain(formatNumber(1234567))).toBe('1 234 567')
    expect(formatNumber(999)).toBe('999')
  })
})
