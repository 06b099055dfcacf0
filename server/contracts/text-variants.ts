/**
 * Text variants of what a visitor typed, zod- and server-free so the browser can use them too:
 * normalisation, words, the other keyboard layout ("cfyrn" → "санкт") and Latin ↔ Cyrillic
 * transliteration. The product search (server/services/search.ts) and the city search
 * (./city-search.ts) share these — one table of each, not one per feature.
 */

/** Lower case, ё → е, accents off Latin letters only (NFD would also split й into и + breve). */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\u00c0-\u024f]/g, (ch) => ch.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))
}

export function words(text: string): string[] {
  return normalizeText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && w.length <= 40)
}

const CYR = /[а-я]/

// --- Keyboard layout and transliteration -------------------------------------------------

const LAT = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`"
const RUS = 'йцукенгшщзхъфывапролджэячсмитьбюё'
const latToRus = new Map([...LAT].map((c, i) => [c, RUS[i] as string]))
const rusToLat = new Map([...RUS].map((c, i) => [c, LAT[i] as string]))

/** Text typed in the wrong layout, re-typed in the other one (direction by its letters). */
export function switchLayout(text: string): string {
  const lower = text.toLowerCase()
  const latin = (lower.match(/[a-z]/g) ?? []).length
  const cyr = (lower.match(/[а-яё]/g) ?? []).length
  const map = latin >= cyr ? latToRus : rusToLat
  return [...lower].map((c) => map.get(c) ?? c).join('')
}

const CYR_TO_LAT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
}
const LAT_TO_CYR: [string, string][] = [
  ['sch', 'щ'],
  ['sh', 'ш'],
  ['ch', 'ч'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['ya', 'я'],
  ['yu', 'ю'],
  ['yo', 'е'],
  ['ph', 'ф'],
  ['th', 'т'],
  ['oo', 'у'],
  ['ee', 'и'],
  ['a', 'а'],
  ['b', 'б'],
  ['c', 'к'],
  ['d', 'д'],
  ['e', 'е'],
  ['f', 'ф'],
  ['g', 'г'],
  ['h', 'х'],
  ['i', 'и'],
  ['j', 'дж'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['q', 'к'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['v', 'в'],
  ['w', 'в'],
  ['x', 'кс'],
  ['y', 'и'],
  ['z', 'з'],
]

/** Latin ↔ Cyrillic transliteration of each word ("kerastaz" → "керастаз", "редкен" → "redken"). */
export function transliterate(text: string): string {
  return words(text)
    .map((w) => {
      if (CYR.test(w)) return [...w].map((c) => CYR_TO_LAT[c] ?? c).join('')
      let out = ''
      for (let i = 0; i < w.length;) {
        const hit = LAT_TO_CYR.find(([lat]) => w.startsWith(lat, i))
        if (hit) {
          out += hit[1]
          i += hit[0].length
        } else out += w[i++]
      }
      return out
    })
    .join(' ')
}
