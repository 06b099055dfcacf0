/**
 * Amounts in Russian words for invoices ("сумма прописью"): 1234 → "Одна тысяча двести
 * тридцать четыре рубля 00 копеек". Pure; tested in tests/unit/money-words.test.ts.
 */

type Gender = 'm' | 'f'

const ONES: Record<Gender, string[]> = {
  m: ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
  f: ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
}
const TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
]
const TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
]
const HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
]

/** [one, few, many]: 1 рубль, 2 рубля, 5 рублей. */
export function pluralRu(n: number, forms: readonly [string, string, string]): string {
  const a = Math.abs(n) % 100
  const b = a % 10
  if (a > 10 && a < 20) return forms[2]
  if (b > 1 && b < 5) return forms[1]
  if (b === 1) return forms[0]
  return forms[2]
}

const SCALES: { gender: Gender; forms: readonly [string, string, string] }[] = [
  { gender: 'm', forms: ['', '', ''] },
  { gender: 'f', forms: ['тысяча', 'тысячи', 'тысяч'] },
  { gender: 'm', forms: ['миллион', 'миллиона', 'миллионов'] },
  { gender: 'm', forms: ['миллиард', 'миллиарда', 'миллиардов'] },
  { gender: 'm', forms: ['триллион', 'триллиона', 'триллионов'] },
]

function triad(n: number, gender: Gender): string[] {
  const words: string[] = []
  const h = Math.floor(n / 100)
  const rest = n % 100
  if (h) words.push(HUNDREDS[h]!)
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]!)
  else {
    const t = Math.floor(rest / 10)
    const o = rest % 10
    if (t) words.push(TENS[t]!)
    if (o) words.push(ONES[gender][o]!)
  }
  return words
}

/** A whole number (0 ≤ n < 10^15) in words, lower case; `gender` of the counted noun. */
export function numberToWordsRu(n: number, gender: Gender = 'm'): string {
  if (!Number.isInteger(n) || n < 0 || n >= 1e15) throw new RangeError(`numberToWordsRu: ${n}`)
  if (n === 0) return 'ноль'
  const words: string[] = []
  let scale = 0
  let rest = n
  const groups: string[][] = []
  while (rest > 0) {
    const part = rest % 1000
    const s = SCALES[scale]!
    if (part) {
      const g = scale === 0 ? gender : s.gender
      const w = triad(part, g)
      if (scale > 0) w.push(pluralRu(part, s.forms))
      groups.unshift(w)
    }
    rest = Math.floor(rest / 1000)
    scale++
  }
  for (const g of groups) words.push(...g)
  return words.join(' ')
}

/** Roubles and kopecks in words, capitalised: "Одна тысяча двести рублей 00 копеек". */
export function roublesInWords(amount: number): string {
  const kopecksTotal = Math.round(amount * 100)
  const roubles = Math.floor(kopecksTotal / 100)
  const kopecks = kopecksTotal % 100
  const words = `${numberToWordsRu(roubles, 'm')} ${pluralRu(roubles, ['рубль', 'рубля', 'рублей'])} ${String(kopecks).padStart(2, '0')} ${pluralRu(kopecks, ['копейка', 'копейки', 'копеек'])}`
  return words.charAt(0).toUpperCase() + words.slice(1)
}
