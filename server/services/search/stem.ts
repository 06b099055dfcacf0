import * as snowballModule from 'snowball-stemmers'
import { words } from '../../contracts/text-variants'

/**
 * Words to index terms: snowball stemming (Russian for Cyrillic words, English for Latin ones),
 * the same when indexing and when querying, so "шампуня" and "шампуни" meet "шампунь" at the
 * stem "шампун"; and the one-letter deletions of the typo vocabulary (symmetric-delete).
 */

// A UMD module: named exports under tsx/vitest, a default object when Node's ESM loader wraps it.
type Snowball = typeof snowballModule
const snowball: Snowball = (snowballModule as Snowball & { default?: Snowball }).default ?? snowballModule
const ru = snowball.newStemmer('russian')
const enStem = snowball.newStemmer('english')

export const STOP = new Set([
  'и',
  'в',
  'во',
  'с',
  'со',
  'на',
  'для',
  'от',
  'по',
  'из',
  'к',
  'о',
  'об',
  'а',
  'но',
  'или',
  'the',
  'for',
  'and',
  'of',
  'with',
  'a',
])

const CYR = /[а-я]/
// Stemming is the index rebuild's main cost and a catalog's vocabulary is small: memoise.
const stemCache = new Map<string, string>()
export function stem(word: string): string {
  let out = stemCache.get(word)
  if (out !== undefined) return out
  out = CYR.test(word) ? ru.stem(word) : /^[a-z]+$/.test(word) ? enStem.stem(word) : word
  if (stemCache.size > 100_000) stemCache.clear()
  stemCache.set(word, out)
  return out
}

export const stems = (text: string) =>
  words(text)
    .filter((w) => !STOP.has(w))
    .map(stem)
    .join(' ')

export function deletions(word: string): string[] {
  const out = new Set<string>()
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1))
  return [...out]
}

/** Optimal string alignment distance ≤ 1 (insert, delete, substitute, swap of neighbours). */
export function withinOne(a: string, b: string): boolean {
  if (a === b) return true
  if (Math.abs(a.length - b.length) > 1) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}
