/**
 * Splits the footer's navigation columns into two balanced groups (spec §2), keeping their order:
 * the cut is where the two groups' heights (a column = its heading + its links) differ least;
 * on a tie the first group is the taller one.
 */
export function splitBalanced<T extends { items?: readonly unknown[] }>(columns: readonly T[]): [T[], T[]] {
  if (columns.length <= 1) return [columns.slice(), []]
  const weights = columns.map((c) => 1 + (c.items?.length ?? 0))
  const total = weights.reduce((a, b) => a + b, 0)
  let best = 1
  let bestDiff = Infinity
  let left = 0
  for (let cut = 1; cut < columns.length; cut++) {
    left += weights[cut - 1]!
    const diff = Math.abs(total - 2 * left)
    if (diff < bestDiff || (diff === bestDiff && 2 * left >= total)) {
      best = cut
      bestDiff = diff
    }
  }
  return [columns.slice(0, best), columns.slice(best)]
}

/**
 * How many inline menu items fit (spec §2: the overflow collapses into a "dots" dropdown).
 * `widths` of the items in order, `gap` between them, `available` width of the row,
 * `dotsWidth` of the dots button (needed only when something overflows).
 */
export function fitCount(widths: readonly number[], available: number, gap: number, dotsWidth: number): number {
  const full = widths.reduce((sum, w, i) => sum + w + (i > 0 ? gap : 0), 0)
  if (full <= available) return widths.length
  let used = dotsWidth
  let n = 0
  for (const w of widths) {
    const next = used + gap + w
    if (next > available) break
    used = next
    n++
  }
  return n
}
