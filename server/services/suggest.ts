import { eq } from 'drizzle-orm'
import type { Ctx } from '../context'
import { banks, cities, suggestAddresses, suggestNames } from '../../db/schema'
import type { AddressSuggestion, BankSuggestion, CitySuggestion, NameSuggestion } from '../contracts/account'
import { listCities, userCity } from './site'
import { cachedByContent } from '../cache'

/**
 * Suggestions (contract §9), answered from the seeded dictionaries. The tables are small
 * (hundreds of rows), so matching runs in memory over a per-process cache: exact prefix
 * first, then a word prefix, then a substring, then a typo-tolerant prefix (one edit per
 * four letters typed). At most 10 results; fewer than 2 characters gives an empty list.
 */
export const SUGGEST_LIMIT = 10
const MIN_QUERY = 2

/** Lower case, ё → е, runs of spaces and punctuation squeezed. */
export const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[«»"'.,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** Levenshtein distance, giving up (returning max + 1) once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      cur.push(v)
      if (v < best) best = v
    }
    if (best > max) return max + 1
    prev = cur
  }
  return prev[b.length]!
}

/** How well `text` answers `query`: 0 best, Infinity no match. */
export function matchScore(text: string, query: string): number {
  if (!query) return Infinity
  if (text.startsWith(query)) return 0
  const words = text.split(' ')
  if (words.some((w) => w.startsWith(query))) return 1
  if (text.includes(query)) return 2
  const allowed = Math.max(1, Math.floor(query.length / 4))
  if (query.length < 3) return Infinity
  let best = Infinity
  for (const w of [text, ...words]) {
    // A typo may add or drop a letter, so the word's prefix is tried one letter shorter and longer.
    for (const len of [query.length - 1, query.length, query.length + 1]) {
      const d = editDistance(w.slice(0, len), query, allowed)
      if (d <= allowed) best = Math.min(best, 3 + d)
    }
  }
  return best
}

function rank<T>(items: T[], text: (item: T) => string, query: string, tiebreak?: (a: T, b: T) => number): T[] {
  const scored: { item: T; score: number }[] = []
  for (const item of items) {
    const score = matchScore(text(item), query)
    if (score !== Infinity) scored.push({ item, score })
  }
  scored.sort((a, b) => a.score - b.score || (tiebreak ? tiebreak(a.item, b.item) : 0))
  return scored.slice(0, SUGGEST_LIMIT).map((s) => s.item)
}

// ---------------------------------------------------------------------------------------------

export async function suggestBank(ctx: Ctx, query: string): Promise<{ list: BankSuggestion[] }> {
  const q = fold(query)
  if (q.length < MIN_QUERY) return { list: [] }
  const all = await cachedByContent(ctx.db, 'banks', async () =>
    (
      await ctx.db
        .select({ bic: banks.bic, bank: banks.name, correspondentAccount: banks.correspondentAccount })
        .from(banks)
    ).map((b) => ({ ...b, folded: fold(b.bank) })),
  )
  const digits = q.replace(/\s/g, '')
  const list = /^\d+$/.test(digits)
    ? all
        .filter((b) => b.bic.startsWith(digits))
        .sort((a, b) => a.bic.localeCompare(b.bic))
        .slice(0, SUGGEST_LIMIT)
    : rank(
        all,
        (b) => b.folded,
        q,
        (a, b) => a.bank.length - b.bank.length,
      )
  return { list: list.map(({ bic, bank, correspondentAccount }) => ({ bic, bank, correspondentAccount })) }
}

export async function suggestCity(ctx: Ctx, query: string): Promise<{ list: CitySuggestion[] }> {
  const q = fold(query)
  if (q.length < MIN_QUERY) return { list: [] }
  const all = await listCities(ctx)
  const list = rank(all, (c) => fold([...new Set([c.name, c.nameEn])].join(' ')), q)
  return { list: list.map((c) => ({ id: c.id, name: c.name, region: c.region })) }
}

/**
 * Full name as typed ('Иванов Иван Ив'): the last word is completed from surnames, first
 * names and patronymics; the earlier words are kept as typed. A surname comes first, as in
 * Russian documents, so the word's position weighs the kind.
 */
export async function suggestName(ctx: Ctx, query: string): Promise<{ list: NameSuggestion[] }> {
  const trimmed = query.replace(/\s+/g, ' ').trimStart()
  const words = trimmed.split(' ')
  const last = fold(words[words.length - 1] ?? '')
  if (fold(trimmed).length < MIN_QUERY || last.length < 1) return { list: [] }
  const head = words.slice(0, -1).join(' ')
  const position = words.length - 1
  const preferred = (['surname', 'first', 'patronymic'] as const)[Math.min(position, 2)]
  const all = await cachedByContent(ctx.db, 'names', async () =>
    (
      await ctx.db
        .select({ name: suggestNames.name, kind: suggestNames.kind, gender: suggestNames.gender })
        .from(suggestNames)
    ).map((n) => ({ ...n, folded: fold(n.name) })),
  )
  const ranked = rank(
    all,
    (n) => n.folded,
    last,
    (a, b) => (a.kind === preferred ? 0 : 1) - (b.kind === preferred ? 0 : 1),
  )
  return {
    list: ranked.map((n) => ({ value: head ? `${head} ${n.name}` : n.name, kind: n.kind, gender: n.gender })),
  }
}

/** Street-type words and their abbreviations (folded): dropped when matching a street by its name. */
const STREET_TYPES = new Set([
  'ул',
  'улица',
  'пр',
  'пр-т',
  'пр-кт',
  'просп',
  'проспект',
  'пер',
  'переулок',
  'ш',
  'шоссе',
  'б-р',
  'бул',
  'бульвар',
  'наб',
  'набережная',
  'пл',
  'площадь',
  'пр-д',
  'проезд',
  'д',
  'дом',
  'имени',
  'им',
])

/** The words of a street's name without its type: 'Невский проспект' → ['невский']. */
export const streetNameWords = (text: string) =>
  fold(text)
    .split(' ')
    .filter((w) => w && !STREET_TYPES.has(w))

/**
 * How well a street answers what was typed (0 best, Infinity none): every typed name word is the
 * start of a word of the street's name ('невский' / 'нев' / 'пр невский' → Невский проспект;
 * 'карла м' → ул. Карла Маркса), first word first; otherwise the typo-tolerant match.
 */
export function streetScore(street: string, query: string): number {
  const typed = streetNameWords(query)
  const words = streetNameWords(street)
  if (typed.length && typed.every((q) => words.some((w) => w.startsWith(q))))
    return words[0]?.startsWith(typed[0] ?? '') ? 0 : 1
  const q = typed.join(' ')
  return q.length < MIN_QUERY ? Infinity : 2 + matchScore(words.join(' '), q)
}

/** House numbers in natural order: 9к2, 11, 17к3, 63 (number, then the letter / building part). */
export function compareHouses(a: string, b: string): number {
  const na = parseInt(a, 10)
  const nb = parseInt(b, 10)
  if (na !== nb) return (Number.isNaN(na) ? Infinity : na) - (Number.isNaN(nb) ? Infinity : nb)
  return a.localeCompare(b, 'ru', { numeric: true })
}

/** Street and house in the session's city: 'тверская 1' → ул. Тверская, 4 … 15А / 18А; 'Невский 2' → Невский проспект, 2. */
export async function suggestAddress(ctx: Ctx, query: string): Promise<{ list: AddressSuggestion[] }> {
  const q = fold(query)
  if (q.length < MIN_QUERY) return { list: [] }
  const city = await userCity(ctx)
  const [cityRow] = await ctx.db.select({ name: cities.name }).from(cities).where(eq(cities.id, city.id))
  const cityName = cityRow?.name ?? city.name
  const rowsForCity = await cachedByContent(ctx.db, `addresses:${city.id}`, () =>
    ctx.db
      .select({ street: suggestAddresses.street, house: suggestAddresses.house, postal: suggestAddresses.postal })
      .from(suggestAddresses)
      .where(eq(suggestAddresses.cityId, city.id))
      .orderBy(suggestAddresses.id),
  )
  // A trailing token with a digit is the house ('д. 2', 'дом 2', '2к1'); the rest is the street.
  const m = /^(.*?)[\s,]*(?:(?:д|дом)\s*)?(\d[\w/-]*)$/u.exec(q)
  const streetQuery = (m ? m[1] : q)?.trim() ?? ''
  const houseQuery = m ? fold(m[2] ?? '') : ''
  if (streetNameWords(streetQuery).join('').length < MIN_QUERY && !houseQuery) return { list: [] }
  const candidates = houseQuery ? rowsForCity.filter((r) => fold(r.house).startsWith(houseQuery)) : rowsForCity
  const scores = new Map<string, number>()
  const scored: { r: (typeof rowsForCity)[number]; score: number }[] = []
  for (const r of candidates) {
    let score = scores.get(r.street)
    if (score === undefined) {
      score = streetQuery ? streetScore(r.street, streetQuery) : Infinity
      scores.set(r.street, score)
    }
    if (score !== Infinity) scored.push({ r, score })
  }
  scored.sort(
    (a, b) =>
      a.score - b.score ||
      // The house typed exactly first ('2' before '21к2'), then streets together, houses in natural order.
      Number(fold(b.r.house) === houseQuery) - Number(fold(a.r.house) === houseQuery) ||
      (a.r.street === b.r.street ? compareHouses(a.r.house, b.r.house) : 0),
  )
  return {
    list: scored.slice(0, SUGGEST_LIMIT).map(({ r }) => {
      const value = `${r.street}, ${r.house}`
      return {
        value,
        full: [r.postal, cityName, r.street, r.house].filter(Boolean).join(', '),
        postal: r.postal,
        country: 'Россия',
        city: cityName,
        street: r.street,
        house: r.house,
      }
    }),
  }
}
