import { describe, expect, it } from 'vitest'
import { fitCount, splitBalanced } from '../../app/components/layout/footer-split'
import { clampNumber, normalizeRange, parseNumber, stepNumber } from '../../app/components/form/bounds'
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, mayReload } from '../../app/lib/chunk-reload'
import { phoneHref, resolveContacts } from '../../server/contracts/contacts'

const col = (n: number) => ({ items: Array.from({ length: n }, (_, i) => i) })

describe('footer columns split into two balanced groups', () => {
  it('keeps the order and balances heights (heading + links)', () => {
    const cols = [col(4), col(6), col(5), col(3)] // weights 5, 7, 6, 4 → 12 | 10
    const [a, b] = splitBalanced(cols)
    expect(a).toEqual([cols[0], cols[1]])
    expect(b).toEqual([cols[2], cols[3]])
  })
  it('puts the taller half first on a tie', () => {
    const cols = [col(1), col(1)]
    expect(splitBalanced(cols).map((g) => g.length)).toEqual([1, 1])
    const three = [col(0), col(0), col(0)]
    expect(splitBalanced(three).map((g) => g.length)).toEqual([2, 1])
  })
  it('handles zero and one column', () => {
    expect(splitBalanced([])).toEqual([[], []])
    expect(splitBalanced([col(2)])).toEqual([[col(2)], []])
  })
})

describe('inline menu overflow', () => {
  it('shows everything when it fits, without the dots', () => {
    expect(fitCount([100, 100, 100], 340, 20, 44)).toBe(3)
  })
  it('reserves room for the dots when something overflows', () => {
    // 44 (dots) + 20 + 100 + 20 + 100 = 284 ≤ 300; a third would need 404
    expect(fitCount([100, 100, 100, 100], 300, 20, 44)).toBe(2)
    expect(fitCount([100, 100], 50, 20, 44)).toBe(0)
  })
})

describe('number field and range rules', () => {
  it('clamps to min and max', () => {
    expect(clampNumber(5, 1, 3)).toBe(3)
    expect(clampNumber(-2, 1, 3)).toBe(1)
    expect(clampNumber(Number.NaN, 1, 3)).toBe(1)
  })
  it('steps within bounds without float artefacts', () => {
    expect(stepNumber(3, 1, 1, 1, 3)).toBe(3)
    expect(stepNumber(1, -1, 1, 1, 3)).toBe(1)
    expect(stepNumber(0.1, 1, 0.2, 0, 1)).toBe(0.3)
  })
  it('parses what people type', () => {
    expect(parseNumber('1 200')).toBe(1200)
    expect(parseNumber('12,5')).toBe(12.5)
    expect(parseNumber('abc')).toBeNull()
    expect(parseNumber('')).toBeNull()
  })
  it('keeps range ends within bounds and at least one step apart; the moved end yields', () => {
    const b = { min: 0, max: 100, step: 10 }
    expect(normalizeRange([-5, 200], b)).toEqual([0, 100])
    expect(normalizeRange([60, 50], b, 'start')).toEqual([40, 50])
    expect(normalizeRange([60, 50], b, 'end')).toEqual([60, 70])
    expect(normalizeRange([0, 0], b, 'start')).toEqual([0, 10])
    expect(normalizeRange([100, 100], b, 'end')).toEqual([90, 100])
  })
})

describe('chunk-load reload guard', () => {
  it('reloads at most once per 60 s', () => {
    expect(mayReload(null, 1_000)).toBe(true)
    expect(mayReload(1_000, 1_000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false)
    expect(mayReload(1_000, 1_000 + CHUNK_RELOAD_GUARD_MS)).toBe(true)
  })
  it('recognizes chunk-load failures only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true)
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
  })
})

describe('shared contact rule', () => {
  const rec = (id: number, cityId: number | null, common: boolean, phones: string[]) => ({
    id,
    city: cityId === null ? null : { id: cityId },
    common,
    contacts: [
      { phones, emails: [] },
      { phones: ['8 (800) 555-35-35'], emails: [] },
    ],
    workhours: [],
    address: [],
    social: [],
  })
  const records = [
    rec(1, null, true, ['8 (800) 555-35-35']),
    rec(2, 5, false, ['+7 (812) 407-22-18', '8(800)555-35-35']),
  ]
  it('uses the city record, else the common one, and de-duplicates phones', () => {
    expect(resolveContacts(records, 5).phones).toEqual(['+7 (812) 407-22-18', '8(800)555-35-35'])
    expect(resolveContacts(records, 99).phones).toEqual(['8 (800) 555-35-35'])
  })
  it('makes tel: links, a leading 8 becoming +7', () => {
    expect(phoneHref('8 (800) 555-35-35')).toBe('tel:+78005553535')
    expect(phoneHref('+7 (812) 407-22-18')).toBe('tel:+78124072218')
  })
})
