import { normalizeText, switchLayout, transliterate } from './text-variants'

/**
 * The city search of the city-select modal (issue 17): a city is found by its name or region, by a
 * colloquial name or abbreviation ("питер", "спб", "мск", "екб", "нск"…), typed in the wrong
 * keyboard layout ("cfyrn" → "санкт") or in the other alphabet ("piter", "moskva"). Layout and
 * transliteration are the product search's own helpers (./text-variants.ts). Zod- and
 * server-free: the modal runs it in the browser, server/services/city.ts on the server.
 */

/** Colloquial names and abbreviations, keyed by the city's Russian and English names. */
const ALIASES: [names: string[], aliases: string[]][] = [
  [
    ['москва', 'moscow'],
    ['мск', 'msk', 'мсква', 'белокаменная'],
  ],
  [
    ['санкт-петербург', 'saint petersburg'],
    ['питер', 'спб', 'spb', 'петербург', 'ленинград', 'st petersburg', 'st. petersburg', 'санкт петербург'],
  ],
  [
    ['новосибирск', 'novosibirsk'],
    ['нск', 'nsk', 'новосиб'],
  ],
  [
    ['екатеринбург', 'yekaterinburg'],
    ['екб', 'ekb', 'екат', 'ебург', 'свердловск'],
  ],
  [
    ['казань', 'kazan'],
    ['кзн', 'kzn'],
  ],
  [
    ['нижний новгород', 'nizhny novgorod'],
    ['нн', 'нижний', 'нижний новгород', 'nn', 'горький'],
  ],
  [
    ['челябинск', 'chelyabinsk'],
    ['челяба', 'чел', 'члб'],
  ],
  [
    ['самара', 'samara'],
    ['смр', 'куйбышев'],
  ],
  [['омск', 'omsk'], []],
  [
    ['ростов-на-дону', 'rostov-on-don'],
    ['ростов', 'рнд', 'rnd', 'ростов на дону'],
  ],
  [['уфа', 'ufa'], []],
  [
    ['красноярск', 'krasnoyarsk'],
    ['крск', 'красноярск'],
  ],
  [
    ['воронеж', 'voronezh'],
    ['врн', 'vrn'],
  ],
  [['пермь', 'perm'], ['прм']],
  [
    ['краснодар', 'krasnodar'],
    ['крд', 'кдр', 'krd'],
  ],
]

const fold = (s: string) =>
  normalizeText(s)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

const aliasesByName = new Map<string, string[]>()
for (const [names, aliases] of ALIASES) for (const n of names) aliasesByName.set(fold(n), aliases.map(fold))

/** The texts a city answers to, folded: name, region, its aliases, the name in the other alphabet. */
function cityTexts(city: { name: string; region: string }): string[] {
  const name = fold(city.name)
  return [name, fold(city.region), ...(aliasesByName.get(name) ?? []), fold(transliterate(city.name))]
}

/** The query as typed, in the other keyboard layout, and transliterated. */
export function queryVariants(query: string): string[] {
  const q = fold(query)
  if (!q) return []
  return [...new Set([q, fold(switchLayout(query)), fold(transliterate(query))].filter(Boolean))]
}

/**
 * The cities that answer `query`, best first: a text starting with the query (as typed before its
 * variants), then a word of it starting with the query, then containing it. All cities for an
 * empty query, in their own order.
 */
export function searchCities<C extends { name: string; region: string }>(cities: readonly C[], query: string): C[] {
  const variants = queryVariants(query)
  if (variants.length === 0) return [...cities]
  const scored: { city: C; score: number; index: number }[] = []
  cities.forEach((city, index) => {
    const texts = cityTexts(city)
    let best = Infinity
    variants.forEach((v, vi) => {
      for (const text of texts) {
        const score = text.startsWith(v)
          ? 0
          : text.split(' ').some((w) => w.startsWith(v))
            ? 1
            : v.length >= 3 && text.includes(v)
              ? 2
              : Infinity
        best = Math.min(best, score * 3 + vi)
      }
    })
    if (best < Infinity) scored.push({ city, score: best, index })
  })
  return scored.sort((a, b) => a.score - b.score || a.index - b.index).map((x) => x.city)
}
