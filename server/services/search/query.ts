import type { DB } from '../../../db/client'
import { switchLayout, transliterate, words } from '../../contracts/text-variants'
import { anyMatch, termsUnder } from './engine'
import { deletions, stem, STOP, withinOne } from './stem'

/**
 * From typed text to an index query. When the typed query finds nothing, the fallbacks run in
 * order: prefix of the last word, the other keyboard layout ("ifvgeym" → "шампунь"),
 * transliteration (Latin ↔ Cyrillic, brands carry both spellings), and one-letter typos
 * through the symmetric-delete vocabulary (search_terms).
 */

export interface Plan {
  /** The words actually searched (for "corrected"). */
  words: string[]
  match: string
}

function plan(text: string, prefixLast: boolean): Plan | null {
  let ws = words(text)
  const meaningful = ws.filter((w) => !STOP.has(w))
  if (meaningful.length) ws = meaningful
  if (!ws.length) return null
  ws = ws.slice(0, 8)
  const parts = ws.map((w, i) => `"${stem(w).replace(/"/g, '""')}"${prefixLast && i === ws.length - 1 ? '*' : ''}`)
  return { words: ws, match: parts.join(' ') }
}

/** The indexed word one edit away from `word` (most frequent wins), or null. */
async function closestTerm(db: DB, word: string): Promise<string | null> {
  if (word.length < 4) return null
  const rows = await termsUnder(db, [word, ...deletions(word)])
  const best = rows
    .filter((r) => r.term !== word && withinOne(r.term, word))
    .sort(
      (a, b) =>
        Number(b.term.length === word.length) - Number(a.term.length === word.length) ||
        b.freq - a.freq ||
        a.term.localeCompare(b.term),
    )[0]
  return best?.term ?? null
}

/**
 * The first query that finds anything: as typed, then the fallbacks. `corrected` is set when
 * the query was rewritten.
 */
export async function resolveQuery(
  db: DB,
  typed: string,
  prefix: boolean,
): Promise<{ plan: Plan; corrected: string | null } | null> {
  const first = plan(typed, prefix)
  if (!first) return null
  // Each index query asked once: a one-word query's typo check asks again what its first attempts
  // asked (`"шамупн"`, its other layout, its transliteration), each a miss (ADR 043).
  const asked = new Map<string, Promise<boolean>>()
  const matches = (match: string) => {
    let found = asked.get(match)
    if (!found) asked.set(match, (found = anyMatch(db, match)))
    return found
  }
  const tried = new Set<string>()
  const attempt = async (text: string, pfx: boolean): Promise<Plan | null> => {
    const p = plan(text, pfx)
    if (!p || tried.has(p.match)) return null
    tried.add(p.match)
    return (await matches(p.match)) ? p : null
  }
  const corrected = (p: Plan) => ({
    plan: p,
    corrected: p.words.join(' ') === first.words.join(' ') ? null : p.words.join(' '),
  })
  const candidates: [string, boolean][] = [
    [typed, prefix],
    [typed, true],
    [switchLayout(typed), prefix],
    [switchLayout(typed), true],
    [transliterate(typed), prefix],
  ]
  for (const [text, pfx] of candidates) {
    const p = await attempt(text, pfx)
    if (p) return corrected(p)
  }
  // One-letter typos: replace each word the index does not know by its nearest indexed word.
  for (const base of [typed, switchLayout(typed), transliterate(typed)]) {
    const bp = plan(base, false)
    if (!bp) continue
    const fixed: string[] = []
    for (const w of bp.words) fixed.push((await matches(`"${stem(w)}"`)) ? w : ((await closestTerm(db, w)) ?? w))
    if (fixed.join(' ') === bp.words.join(' ')) continue
    const p = await attempt(fixed.join(' '), prefix)
    if (p) return corrected(p)
  }
  return null
}
