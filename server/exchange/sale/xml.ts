/** Writing CommerceML: elements with escaped text, the shop's number formats, Moscow time. */

const MSK_OFFSET_MS = 3 * 3600_000

/* ---------- writing XML ---------- */

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g
const esc = (s: string) =>
  s
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')

type Node = string | number | Node[] | null | undefined | false

/** `<name attrs>…</name>`; an array of children is indented; null/undefined/false are left out. */
export function el(name: string, content: Node, attrs?: Record<string, string>): string {
  const a = attrs
    ? Object.entries(attrs)
        .map(([k, v]) => ` ${k}="${esc(v)}"`)
        .join('')
    : ''
  if (Array.isArray(content)) {
    const inner = content.filter((c) => c !== null && c !== undefined && c !== false && c !== '') as (string | number)[]
    if (!inner.length) return `<${name}${a}/>`
    return `<${name}${a}>\n${inner.map((c) => indent(String(c))).join('\n')}\n</${name}>`
  }
  if (content === null || content === undefined || content === false || content === '') return `<${name}${a}/>`
  return `<${name}${a}>${typeof content === 'number' ? content : esc(content)}</${name}>`
}
const indent = (s: string) =>
  s
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n')
/** Only when there is a value. */
export const opt = (name: string, value: string | null | undefined) => (value ? el(name, value) : null)
export const requisite = (name: string, value: string) =>
  el('ЗначениеРеквизита', [el('Наименование', name), el('Значение', value)])
export const money = (roubles: number) => roubles.toFixed(2)
export const kopecks = (k: number) => (k / 100).toFixed(2)

/** Moscow wall time (UTC+3 all year since 2014): `2026-05-22`, `14:37:05`. */
export function moscow(ms: number): { date: string; time: string } {
  const iso = new Date(ms + MSK_OFFSET_MS).toISOString()
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) }
}

export const UNIT = { Код: '796', НаименованиеПолное: 'Штука', МеждународноеСокращение: 'PCE' }
