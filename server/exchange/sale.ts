import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import type { DB } from '../../db/client'
import {
  deliveryMethods,
  exchangeImports,
  orderLines,
  orders,
  paymentMethods,
  payments,
  productOffers,
  products,
  siteOptions,
  type OrderCustomer,
} from '../../db/schema'
import { addressLine, type OrderStatus } from '../contracts/orders'
import { t } from '../contracts/i18n'
import { splitUnits, spreadDiscount } from '../providers/payment/receipt'
import { log } from '../logger'
import {
  afterStatusChange,
  changeStatusInTx,
  orderForStatus,
  statusRank,
  type StatusResult,
} from '../services/order-status'

/**
 * The sale side of the 1C exchange (`type=sale`, docs/1c-exchange.md), CommerceML 2.10 order
 * documents as 1C-Bitrix writes them and 1C's "Обмен с сайтом" (УТ 11, УНФ, Розница) reads them.
 *
 * `mode=query` — `saleQuery`: every order 1C has not acknowledged (`exported_at` null) or that
 * changed after it was acknowledged (`updated_at > exported_at`: paid online, cancelled by the
 * customer), oldest first, at most QUERY_LIMIT per call (the rest come with the next exchange).
 * The ids sent and the moment of the query are remembered in `exchange_imports` (session
 * `sale`, file `sale-query`, state `{orderIds, queriedAt}`): a row survives between the query
 * and the success call even when they reach different processes, and no migration was needed.
 *
 * `mode=success` — `saleSuccess`: those orders get `exported_at = queriedAt` (the moment of the
 * query, not of the success: a change that happened in between is sent again next time).
 *
 * `mode=file` — `saleImport`: the documents 1C sends back. The whole file is checked first (XML
 * well-formed, no DOCTYPE, the root `КоммерческаяИнформация`, at least one `Документ` of
 * `ХозОперация` "Заказ товара", each with `Номер` or `Ид`): a broken file is refused with the
 * reason and changes nothing. Then each document, in its own transaction, is matched to an order
 * (`Номер` = our number, else `Ид` = our id or number) and its requisites applied through
 * `server/services/order-status.ts` — see SALE_STATUS_NAMES and `targetOf` for the mapping. An
 * unknown order or a refused move is reported per order (answer `failure` with every reason, the
 * other documents applied).
 */

/** Orders per `mode=query` answer. */
export const QUERY_LIMIT = 500
const MARKER = { sessionId: 'sale', filename: 'sale-query' } as const
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
function el(name: string, content: Node, attrs?: Record<string, string>): string {
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
const opt = (name: string, value: string | null | undefined) => (value ? el(name, value) : null)
const requisite = (name: string, value: string) =>
  el('ЗначениеРеквизита', [el('Наименование', name), el('Значение', value)])
const money = (roubles: number) => roubles.toFixed(2)
const kopecks = (k: number) => (k / 100).toFixed(2)

/** Moscow wall time (UTC+3 all year since 2014): `2026-05-22`, `14:37:05`. */
export function moscow(ms: number): { date: string; time: string } {
  const iso = new Date(ms + MSK_OFFSET_MS).toISOString()
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) }
}

const UNIT = { Код: '796', НаименованиеПолное: 'Штука', МеждународноеСокращение: 'PCE' }

/* ---------- mode=query ---------- */

type OrderRow = typeof orders.$inferSelect

function pendingOrders(db: DB): OrderRow[] {
  return db
    .select()
    .from(orders)
    .where(or(isNull(orders.exportedAt), sql`${orders.updatedAt} > ${orders.exportedAt}`))
    .orderBy(asc(orders.id))
    .limit(QUERY_LIMIT)
    .all()
}

function customerXml(o: OrderRow): string {
  const c: (OrderCustomer & { kpp?: string }) | null = o.customer
  const contacts = el('Контакты', [
    o.email && el('Контакт', [el('Тип', 'Почта'), el('Значение', o.email)]),
    // 1C drops a contact typed plain "Телефон"; "ТелефонРабочий" is what Bitrix sends and 1C keeps.
    o.phone && el('Контакт', [el('Тип', 'ТелефонРабочий'), el('Значение', o.phone)]),
  ])
  const address = o.address?.full
    ? el('Адрес', [
        el(
          'Представление',
          addressLine(o.address, (k, value) => t('ru', k, { value })),
        ),
        o.address.postal && el('АдресноеПоле', [el('Тип', 'Почтовый индекс'), el('Значение', o.address.postal)]),
        o.address.city && el('АдресноеПоле', [el('Тип', 'Город'), el('Значение', o.address.city)]),
      ])
    : null
  const id = o.userId !== null ? `user-${o.userId}` : `phone-${o.phone.replace(/\D/g, '')}`
  if (c?.type === 'legal') {
    const name = c.organization || o.fullname
    // With ОфициальноеНаименование 1C files the buyer as a company; without it, as a sole trader (ИП).
    const company = c.subtype !== 'individual' && c.taxId.length !== 12
    const bank = c.currentAccount
      ? el('РасчетныеСчета', [
          el('РасчетныйСчет', [
            el('НомерСчета', c.currentAccount),
            el('Банк', [
              opt('СчетКорреспондентский', c.correspondentAccount),
              opt('Наименование', c.bankName),
              opt('БИК', c.bic),
            ]),
          ]),
        ])
      : null
    return el('Контрагент', [
      el('Ид', id),
      el('Наименование', name),
      el('Роль', 'Покупатель'),
      company ? el('ОфициальноеНаименование', name) : el('ПолноеНаименование', name),
      opt('ИНН', c.taxId),
      opt('КПП', c.kpp),
      bank,
      address,
      contacts,
      el('Представители', [
        el('Представитель', [el('Контрагент', [el('Отношение', 'Контактное лицо'), el('Наименование', o.fullname)])]),
      ]),
    ])
  }
  return el('Контрагент', [
    el('Ид', id),
    el('Наименование', o.fullname),
    el('Роль', 'Покупатель'),
    el('ПолноеНаименование', o.fullname),
    address,
    contacts,
  ])
}

interface LineRow {
  offerId: number
  productId: number
  name: string
  volume: number
  quantity: number
  price: number
  offerExternalId: string | null
  productExternalId: string | null
  sku: string | null
}

function documentXml(db: DB, o: OrderRow, site: string): string {
  const lines: LineRow[] = db
    .select({
      offerId: orderLines.offerId,
      productId: orderLines.productId,
      name: orderLines.name,
      volume: orderLines.volume,
      quantity: orderLines.quantity,
      price: orderLines.price,
      offerExternalId: productOffers.externalId,
      productExternalId: products.externalId,
      sku: productOffers.sku,
    })
    .from(orderLines)
    .leftJoin(productOffers, eq(productOffers.id, orderLines.offerId))
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, o.id))
    .orderBy(asc(orderLines.id))
    .all()
  const delivery = db.select().from(deliveryMethods).where(eq(deliveryMethods.code, o.deliveryCode)).get()
  const pay = db.select().from(paymentMethods).where(eq(paymentMethods.code, o.paymentCode)).get()
  const paid =
    o.status === 'paid' ||
    db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, o.id), eq(payments.status, 'succeeded')))
      .get() !== undefined
  // The promo discount spread over the goods (the same kopeck rule as the 54-FZ receipt), so the
  // lines and the delivery add up to the document's sum exactly.
  const sums = spreadDiscount(
    lines.map((l) => l.price * 100),
    o.discount * 100,
  )
  const goods = lines.flatMap((l, i) =>
    // A line whose discounted sum does not divide by its quantity becomes two rows (most units at
    // the lower price, the rest a kopeck dearer), so price × quantity is each row's sum exactly.
    splitUnits(sums[i] ?? l.price * 100, l.quantity).map((part) =>
      el('Товар', [
        // 1C's own ids when the goods came from 1C; else ours (stable: an offer id never changes).
        el('Ид', l.offerExternalId ?? l.productExternalId ?? String(l.offerId)),
        opt('Артикул', l.sku),
        el('Наименование', l.volume > 0 ? `${l.name}, ${l.volume} мл` : l.name),
        el('БазоваяЕдиница', 'шт', UNIT),
        el('ЦенаЗаЕдиницу', kopecks(part.unitPrice)),
        el('Количество', part.quantity),
        el('Сумма', kopecks(part.unitPrice * part.quantity)),
        el('ЗначенияРеквизитов', [requisite('ВидНоменклатуры', 'Товар'), requisite('ТипНоменклатуры', 'Товар')]),
      ]),
    ),
  )
  if (o.deliveryPrice > 0)
    goods.push(
      el('Товар', [
        el('Ид', 'ORDER_DELIVERY'),
        el('Наименование', 'Доставка заказа'),
        el('БазоваяЕдиница', 'шт', UNIT),
        el('ЦенаЗаЕдиницу', money(o.deliveryPrice)),
        el('Количество', 1),
        el('Сумма', money(o.deliveryPrice)),
        el('ЗначенияРеквизитов', [requisite('ВидНоменклатуры', 'Услуга'), requisite('ТипНоменклатуры', 'Услуга')]),
      ]),
    )
  const at = moscow(o.createdAt)
  const changed = moscow(o.updatedAt)
  return el('Документ', [
    el('Ид', String(o.id)),
    el('Номер', o.number),
    el('Дата', at.date),
    el('ХозОперация', 'Заказ товара'),
    el('Роль', 'Продавец'),
    el('Валюта', 'руб'),
    el('Курс', 1),
    el('Сумма', money(o.total)),
    el('Контрагенты', [customerXml(o)]),
    el('Время', at.time),
    el('Комментарий', o.comment),
    el('Товары', goods),
    el('ЗначенияРеквизитов', [
      requisite('Метод оплаты', pay?.title ?? o.paymentCode),
      requisite('Заказ оплачен', paid ? 'true' : 'false'),
      requisite('Способ доставки', delivery?.title ?? o.deliveryCode),
      o.address?.full
        ? requisite(
            'Адрес доставки',
            addressLine(o.address, (k, value) => t('ru', k, { value })),
          )
        : null,
      requisite('Отменен', o.status === 'cancelled' ? 'true' : 'false'),
      requisite('Финальный статус', o.status === 'done' || o.status === 'cancelled' ? 'true' : 'false'),
      requisite('Статус заказа', t('ru', `order.status.${o.status}`)),
      requisite('Дата изменения статуса', `${changed.date} ${changed.time}`),
      o.promocode ? requisite('Промокод', o.promocode) : null,
      o.discount > 0 ? requisite('Скидка по промокоду', money(o.discount)) : null,
      site ? requisite('Сайт', site) : null,
    ]),
  ])
}

/** `mode=query`: the CommerceML document of the orders 1C has not taken yet (UTF-8, with the declaration). */
export function saleQuery(db: DB): string {
  const now = Date.now()
  const list = pendingOrders(db)
  const siteRow = db.select({ value: siteOptions.value }).from(siteOptions).where(eq(siteOptions.key, 'title')).get()
  const site = typeof siteRow?.value === 'string' ? siteRow.value : ''
  const stamp = moscow(now)
  const body = el(
    'КоммерческаяИнформация',
    list.map((o) => documentXml(db, o, site)),
    {
      ВерсияСхемы: '2.10',
      ДатаФормирования: `${stamp.date}T${stamp.time}`,
    },
  )
  rememberQuery(
    db,
    list.map((o) => o.id),
    now,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`
}

function rememberQuery(db: DB, orderIds: number[], queriedAt: number) {
  const state = { orderIds, queriedAt }
  db.insert(exchangeImports)
    .values({ ...MARKER, status: 'done', total: orderIds.length, state, createdAt: queriedAt, updatedAt: queriedAt })
    .onConflictDoUpdate({
      target: [exchangeImports.sessionId, exchangeImports.filename],
      set: { status: 'done', position: 0, total: orderIds.length, state, error: '', updatedAt: queriedAt },
    })
    .run()
}

/* ---------- mode=success ---------- */

/** `mode=success`: 1C took the orders of the last query. A second call changes nothing. */
export function saleSuccess(db: DB): void {
  db.transaction(
    (tx) => {
      const row = tx
        .select({ state: exchangeImports.state })
        .from(exchangeImports)
        .where(and(eq(exchangeImports.sessionId, MARKER.sessionId), eq(exchangeImports.filename, MARKER.filename)))
        .get()
      const state = row?.state as { orderIds?: unknown; queriedAt?: unknown } | undefined
      const ids = Array.isArray(state?.orderIds) ? state.orderIds.filter((x): x is number => Number.isInteger(x)) : []
      const at = typeof state?.queriedAt === 'number' ? state.queriedAt : Date.now()
      for (let i = 0; i < ids.length; i += 500) {
        tx.update(orders)
          .set({ exportedAt: at })
          .where(
            and(
              inArray(orders.id, ids.slice(i, i + 500)),
              or(isNull(orders.exportedAt), sql`${orders.exportedAt} < ${at}`),
            ),
          )
          .run()
      }
      tx.update(exchangeImports)
        .set({ state: { orderIds: [], queriedAt: at, acknowledged: ids.length }, total: 0, updatedAt: Date.now() })
        .where(and(eq(exchangeImports.sessionId, MARKER.sessionId), eq(exchangeImports.filename, MARKER.filename)))
        .run()
      if (ids.length) log.info('1C acknowledged orders', { count: ids.length })
    },
    { behavior: 'immediate' },
  )
}

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
  if (!source.trim()) return { ok: false, reason: 'пустой файл' }
  if (/<!DOCTYPE/i.test(source)) return { ok: false, reason: 'DOCTYPE в файле обмена не допускается' }
  const valid = XMLValidator.validate(source)
  if (valid !== true) return { ok: false, reason: `некорректный XML: ${valid.err.msg} (строка ${valid.err.line})` }
  let tree: Record<string, unknown>
  try {
    tree = parser.parse(source) as Record<string, unknown>
  } catch (e) {
    return { ok: false, reason: `некорректный XML: ${String(e)}` }
  }
  if (!('КоммерческаяИнформация' in tree)) return { ok: false, reason: 'нет корневого элемента КоммерческаяИнформация' }
  const top = tree['КоммерческаяИнформация']
  const root = (top && typeof top === 'object' ? top : {}) as Record<string, unknown>
  const raw = [
    ...((root['Документ'] as unknown[] | undefined) ?? []),
    // CommerceML 3 wraps documents in Контейнер.
    ...((root['Контейнер'] as { Документ?: unknown[] }[] | undefined) ?? []).flatMap((c) => c?.Документ ?? []),
  ] as Record<string, unknown>[]
  const documents: SaleDocument[] = []
  for (const [i, d] of raw.entries()) {
    if (!d || typeof d !== 'object') return { ok: false, reason: `документ ${i + 1}: пустой` }
    const operation = text(d['ХозОперация']).trim()
    if (operation && operation !== 'Заказ товара') continue // payments and shipments as separate documents
    const number = text(d['Номер']).trim()
    const id = text(d['Ид']).trim()
    if (!number && !id) return { ok: false, reason: `документ ${i + 1}: нет ни Номера, ни Ид` }
    const requisites = new Map<string, string>()
    const list = (d['ЗначенияРеквизитов'] as { ЗначениеРеквизита?: unknown[] } | undefined)?.ЗначениеРеквизита ?? []
    for (const r of list as Record<string, unknown>[]) {
      const name = text(r?.['Наименование']).trim()
      if (name) requisites.set(name, text(r['Значение']).trim())
    }
    documents.push({ number, id, requisites })
  }
  if (!documents.length) return { ok: false, reason: 'в файле нет документов «Заказ товара»' }
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
  if (named === undefined) return { error: `неизвестный статус заказа «${statusName}»` }
  const paid = dateSet(r.get('Дата оплаты по 1С')) || truthy(r.get('Заказ оплачен')) || truthy(r.get('Оплачен'))
  const shipped = dateSet(r.get('Дата отгрузки по 1С')) || truthy(r.get('Отгружен'))
  const order: OrderStatus[] = ['paid', 'processing', 'shipped', 'done']
  const wanted = [paid ? 'paid' : null, shipped ? 'shipped' : null, named].filter((s): s is OrderStatus => !!s)
  const target = wanted.sort((a, b) => order.indexOf(b) - order.indexOf(a))[0] ?? null
  return { target, paid, named }
}

/** What 1C said, for the history line: "статус «Отгружен», отгрузка № 15 от 2026-05-02". */
function detailOf(doc: SaleDocument): string {
  const r = doc.requisites
  const parts: string[] = []
  const status = r.get('Статус заказа') ?? r.get('СтатусЗаказа')
  if (status) parts.push(`статус «${status}»`)
  const number1c = r.get('Номер по 1С')
  if (number1c) parts.push(`заказ № ${number1c}`)
  if (dateSet(r.get('Дата оплаты по 1С')))
    parts.push(
      `оплата${r.get('Номер оплаты по 1С') ? ` № ${r.get('Номер оплаты по 1С')}` : ''} от ${r.get('Дата оплаты по 1С')}`,
    )
  if (dateSet(r.get('Дата отгрузки по 1С')))
    parts.push(
      `отгрузка${r.get('Номер отгрузки по 1С') ? ` № ${r.get('Номер отгрузки по 1С')}` : ''} от ${r.get('Дата отгрузки по 1С')}`,
    )
  if (truthy(r.get('Отменен'))) parts.push('отменён')
  else if (truthy(r.get('ПометкаУдаления'))) parts.push('помечен на удаление')
  return parts.join(', ')
}

function findOrder(db: DB, doc: SaleDocument): number | undefined {
  const byNumber = doc.number
    ? db.select({ id: orders.id }).from(orders).where(eq(orders.number, doc.number)).get()
    : undefined
  if (byNumber) return byNumber.id
  if (!doc.id) return undefined
  const asId = /^\d{1,15}$/.test(doc.id) ? Number(doc.id) : null
  const byId = db
    .select({ id: orders.id })
    .from(orders)
    .where(asId !== null ? or(eq(orders.id, asId), eq(orders.number, doc.id)) : eq(orders.number, doc.id))
    .get()
  return byId?.id
}

/** One document in its own IMMEDIATE transaction; the customer is told after the commit. */
export function applySaleDocument(db: DB, doc: SaleDocument): SaleDocResult {
  const label = doc.number || doc.id
  const wanted = targetOf(doc)
  if ('error' in wanted) return { number: label, status: 'refused', reason: wanted.error }
  const orderId = findOrder(db, doc)
  if (orderId === undefined) return { number: label, status: 'refused', reason: 'заказ не найден' }
  if (wanted.target === null) return { number: label, status: 'unchanged' }
  const { target, named } = wanted
  const detail = detailOf(doc)
  const results: StatusResult[] = []
  db.transaction(
    (tx) => {
      const o = orderForStatus(tx, orderId)
      if (!o) return
      // Payment or shipment reported again for an order already further on: nothing to do. Only
      // an explicit "Статус заказа" behind the order's status is refused (a backward move).
      if (target !== 'cancelled' && target !== named && statusRank(target) < statusRank(o.status)) return
      // Paid in 1C and moved on in the same exchange: "paid" first, so the customer hears of both.
      if (
        wanted.paid &&
        target !== 'paid' &&
        target !== 'cancelled' &&
        (o.status === 'new' || o.status === 'awaiting-payment')
      ) {
        const first = changeStatusInTx(tx, o, 'paid', { source: '1c', detail })
        results.push(first)
        if (!first.ok) return
        const again = orderForStatus(tx, orderId)
        if (again) results.push(changeStatusInTx(tx, again, target, { source: '1c', detail }))
        return
      }
      results.push(changeStatusInTx(tx, o, target, { source: '1c', detail }))
    },
    { behavior: 'immediate' },
  )
  for (const r of results) void afterStatusChange(db, r)
  const refused = results.find((r): r is Extract<StatusResult, { ok: false }> => !r.ok)
  if (refused) return { number: label, status: 'refused', reason: refused.reason }
  return { number: label, status: results.some((r) => r.ok && r.changed) ? 'applied' : 'unchanged' }
}

/**
 * `mode=file` (type=sale): orders sent back by 1C. `{ok: false}` with the reason when the file is
 * broken (nothing changed) or when some orders were refused (the reason names each; the other
 * documents are applied). `results` tells each document's outcome.
 */
export function saleImport(
  db: DB,
  xml: string,
): { ok: true; results: SaleDocResult[] } | { ok: false; reason: string; results: SaleDocResult[] } {
  const parsed = parseSaleFile(xml)
  if (!parsed.ok) {
    log.warn('1C sale file refused', { reason: parsed.reason })
    return { ok: false, reason: parsed.reason, results: [] }
  }
  const results = parsed.documents.map((doc) => {
    try {
      return applySaleDocument(db, doc)
    } catch (e) {
      log.error('1C sale document failed', { number: doc.number || doc.id, error: String(e) })
      return { number: doc.number || doc.id, status: 'refused' as const, reason: 'внутренняя ошибка' }
    }
  })
  const refused = results.filter((r) => r.status === 'refused')
  log.info('1C sale file applied', {
    documents: results.length,
    applied: results.filter((r) => r.status === 'applied').length,
    refused: refused.length,
  })
  if (refused.length) return { ok: false, reason: refused.map((r) => `${r.number}: ${r.reason}`).join('; '), results }
  return { ok: true, results }
}
