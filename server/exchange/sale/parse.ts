import { XMLParser, XMLValidator } from 'fast-xml-parser'
import type { OrderStatus } from '../../contracts/orders'
import { saleText } from './messages'

/* ---------- mode=file ---------- */

/**
 * "Статус заказа" as 1C (УТ 11, УНФ, Розница) and 1C-Bitrix name them → our status. Matched
 * without case, "ё" = "е", a Bitrix code in brackets ("[F] Выполнен") stripped; an unknown
 * name with a Bitrix code falls back to the code (N, P, F). `null` = no change by itself
 * (a fresh order in 1C).
 */
export const SALE_STATUS_NAMES: Record<string, OrderStatus | null> = {
  новый: null,
  'не согласован': null,
  'на согласовании': null,
  принят: 'processing',
  подтвержден: 'processing',
  согласован: 'processing',
  'в обработке': 'processing',
  'в работе': 'processing',
  'к обеспечению': 'processing',
  'к выполнению': 'processing',
  'в сборке': 'processing',
  собран: 'processing',
  'к отгрузке': 'processing',
  'ожидает отгрузки': 'processing',
  оплачен: 'paid',
  'к оплате': null,
  отгружен: 'shipped',
  отправлен: 'shipped',
  'передан в доставку': 'shipped',
  'в пути': 'shipped',
  доставлен: 'done',
  выполнен: 'done',
  закрыт: 'done',
  завершен: 'done',
  отменен: 'cancelled',
}
const BITRIX_CODES: Record<string, OrderStatus> = { N: 'processing', P: 'paid', F: 'done' }

/** Our status for 1C's "Статус заказа": a status, null (no change by itself), or undefined (unknown). */
export function statusFromName(raw: string): OrderStatus | null | undefined {
  const m = /^\s*\[([A-Za-z0-9]{1,2})\]\s*(.*)$/.exec(raw)
  const name = (m ? m[2]! : raw).trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ')
  if (!name && !m) return null
  if (name in SALE_STATUS_NAMES) return SALE_STATUS_NAMES[name]
  if (m) return BITRIX_CODES[m[1]!.toUpperCase()]
  return undefined
}

const truthy = (v: string | undefined) => v !== undefined && ['true', 'да', '1', 'yes'].includes(v.trim().toLowerCase())
/** 1C writes an empty date as "", "T" or "0001-01-01T00:00:00". */
const dateSet = (v: string | undefined) => {
  const s = (v ?? '').trim()
  return s !== '' && s !== 'T' && !s.startsWith('0001-01-01')
}

export interface SaleDocument {
  number: string
  id: string
  requisites: Map<string, string>
}

export interface SaleDocResult {
  number: string
  status: 'applied' | 'unchanged' | 'refused'
  reason?: string
}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ['Документ', 'ЗначениеРеквизита', 'Контейнер'].includes(name),
})

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')

/** The whole file checked before anything is applied: the documents, or why it is refused. */
export function parseSaleFile(xml: string): { ok: true; documents: SaleDocument[] } | { ok: false; reason: string } {
  const source = xml.replace(/^\uFEFF/, '')
  if (!source.trim()) return { ok: false, reason: saleText('empty') }
  if (/<!DOCTYPE/i.test(source)) return { ok: false, reason: saleText('doctype') }
  const valid = XMLValidator.validate(source)
  if (valid !== true)
    return { ok: false, reason: saleText('badXmlAt', { detail: valid.err.msg, line: valid.err.line }) }
  let tree: Record<string, unknown>
  try {
    tree = parser.parse(source) as Record<string, unknown>
  } catch (e) {
    return { ok: false, reason: saleText('badXml', { detail: String(e) }) }
  }
  if (!('КоммерческаяИнформация' in tree)) return { ok: false, reason: saleText('noRoot') }
  const top = tree['КоммерческаяИнформация']
  const root = (top && typeof top === 'object' ? top : {}) as Record<string, unknown>
  const raw = [
    ...((root['Документ'] as unknown[] | undefined) ?? []),
    // CommerceML 3 wraps documents in Контейнер.
    ...((root['Контейнер'] as { Документ?: unknown[] }[] | undefined) ?? []).flatMap((c) => c?.Документ ?? []),
  ] as Record<string, unknown>[]
  const documents: SaleDocument[] = []
  for (const [i, d] of raw.entries()) {
    if (!d || typeof d !== 'object') return { ok: false, reason: saleText('emptyDocument', { n: i + 1 }) }
    const operation = text(d['ХозОперация']).trim()
    if (operation && operation !== 'Заказ товара') continue // payments and shipments as separate documents
    const number = text(d['Номер']).trim()
    const id = text(d['Ид']).trim()
    if (!number && !id) return { ok: false, reason: saleText('noNumber', { n: i + 1 }) }
    const requisites = new Map<string, string>()
    const list = (d['ЗначенияРеквизитов'] as { ЗначениеРеквизита?: unknown[] } | undefined)?.ЗначениеРеквизита ?? []
    for (const r of list as Record<string, unknown>[]) {
      const name = text(r?.['Наименование']).trim()
      if (name) requisites.set(name, text(r['Значение']).trim())
    }
    documents.push({ number, id, requisites })
  }
  if (!documents.length) return { ok: false, reason: saleText('noOrders') }
  return { ok: true, documents }
}

/**
 * What a document asks for: `cancelled` when "Отменен" or "ПометкаУдаления" is true or the
 * status says so; otherwise the furthest of: paid ("Дата оплаты по 1С" set, or "Заказ оплачен" /
 * "Оплачен" true), shipped ("Дата отгрузки по 1С" set, or "Отгружен" true) and the mapped
 * "Статус заказа". Also answers whether payment was reported (the customer is told of `paid`
 * first when the order moves past it in one go).
 */
export function targetOf(
  doc: SaleDocument,
): { target: OrderStatus | null; paid: boolean; named: OrderStatus | null } | { error: string } {
  const r = doc.requisites
  const statusName = r.get('Статус заказа') ?? r.get('СтатусЗаказа') ?? ''
  const named = statusFromName(statusName)
  // A cancellation stands whatever the status is called.
  if (truthy(r.get('Отменен')) || truthy(r.get('ПометкаУдаления')) || named === 'cancelled')
    return { target: 'cancelled', paid: false, named: named ?? null }
  if (named === undefined) return { error: saleText('unknownStatus', { status: statusName }) }
  const paid = dateSet(r.get('Дата оплаты по 1С')) || truthy(r.get('Заказ оплачен')) || truthy(r.get('Оплачен'))
  const shipped = dateSet(r.get('Дата отгрузки по 1С')) || truthy(r.get('Отгружен'))
  const order: OrderStatus[] = ['paid', 'processing', 'shipped', 'done']
  const wanted = [paid ? 'paid' : null, shipped ? 'shipped' : null, named].filter((s): s is OrderStatus => !!s)
  const target = wanted.sort((a, b) => order.indexOf(b) - order.indexOf(a))[0] ?? null
  return { target, paid, named }
}

/** What 1C said, for the history line: "статус «Отгружен», отгрузка № 15 от 2026-05-02". */
export function detailOf(doc: SaleDocument): string {
  const r = doc.requisites
  const parts: string[] = []
  const status = r.get('Статус заказа') ?? r.get('СтатусЗаказа')
  if (status) parts.push(saleText('detail.status', { status }))
  const number1c = r.get('Номер по 1С')
  if (number1c) parts.push(saleText('detail.order', { number: number1c }))
  // a payment or a shipment: "оплата № 7 от 2026-05-02", the number when 1C gives one
  const event = (kind: 'payment' | 'shipment', date: string | undefined, number: string | undefined) =>
    number
      ? saleText(`detail.${kind}Number`, { number, date: date ?? '' })
      : saleText(`detail.${kind}`, { date: date ?? '' })
  if (dateSet(r.get('Дата оплаты по 1С')))
    parts.push(event('payment', r.get('Дата оплаты по 1С'), r.get('Номер оплаты по 1С')))
  if (dateSet(r.get('Дата отгрузки по 1С')))
    parts.push(event('shipment', r.get('Дата отгрузки по 1С'), r.get('Номер отгрузки по 1С')))
  if (truthy(r.get('Отменен'))) parts.push(saleText('detail.cancelled'))
  else if (truthy(r.get('ПометкаУдаления'))) parts.push(saleText('detail.deleted'))
  return parts.join(', ')
}
