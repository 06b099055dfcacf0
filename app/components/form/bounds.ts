/**
 * Pure rules of the number and range fields (spec §5), unit-tested in tests/unit/bounds.test.ts.
 */

/** Clamps to [min, max]; a non-finite value becomes `min` (or 0 when unbounded below). */
export function clampNumber(value: number, min = -Infinity, max = Infinity): number {
  if (!Number.isFinite(value)) return Number.isFinite(min) ? min : Math.min(Math.max(0, min), max)
  return Math.min(Math.max(value, min), max)
}

/** Parses what a visitor typed ("1 200", "12,5"); null when it is not a number. */
export function parseNumber(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')
  if (cleaned === '' || cleaned === '-' || !/^-?\d*\.?\d*$/.test(cleaned)) return null
  const n = Number(cleaned)
  return Number.isFinite(n) ? n : null
}

/** Avoids 0.1 + 0.2 artefacts when stepping by fractions. */
function roundToStep(value: number, step: number): number {
  const decimals = (String(step).split('.')[1] ?? '').length
  return Number(value.toFixed(decimals))
}

export function stepNumber(value: number, direction: 1 | -1, step = 1, min = -Infinity, max = Infinity): number {
  return clampNumber(roundToStep(value + direction * step, step), min, max)
}

export interface RangeBounds {
  min: number
  max: number
  step?: number
}

/**
 * Keeps a range within [min, max] with start and end at least one step apart.
 * `moved` says which end the visitor changed: that end yields to the other (the other stays put),
 * unless the other end would leave the bounds — then the other end is pushed.
 */
export function normalizeRange(
  [start, end]: readonly [number, number],
  { min, max, step = 1 }: RangeBounds,
  moved: 'start' | 'end' = 'start',
): [number, number] {
  if (max - min < step) return [min, max]
  let s = clampNumber(start, min, max)
  let e = clampNumber(end, min, max)
  if (e - s < step) {
    if (moved === 'start') {
      s = e - step
      if (s < min) {
        s = min
        e = min + step
      }
    } else {
      e = s + step
      if (e > max) {
        e = max
        s = max - step
      }
    }
  }
  return [roundToStep(s, step), roundToStep(e, step)]
}
