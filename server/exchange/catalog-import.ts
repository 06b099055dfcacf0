import {
  appendFileSync,
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { basename, join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { DB } from '../../db/client'
import { exchangeImports, type ImageRef } from '../../db/schema'
import type { Locale } from '../contracts/i18n'
import { env } from '../env'
import { log } from '../logger'
import { hiddenChanged } from '../services/catalog'
import { reindexProducts } from '../services/search'
import { stockMayHaveReturned } from '../services/stock-alerts'
import { child, childrenOf, cmlNumber, CmlReader, listOf, textOf, type CmlNode } from './cml'
import { exchangeRoot, publishImage, safeRelativePath, stagedPath, uploadExists, uploadPath } from './files'
import { msg, Refused } from './messages'
import { uniqueSlug } from './slug'

/**
 * The CommerceML catalog import (import.xml, offers.xml, prices.xml, rests.xml), step by step:
 * 1C calls `mode=import` again while the answer is `progress`, and each call works for at most
 * STEP_MS. The state between calls is the `exchange_imports` row of (session, file).
 *
 * 1. parse — the upload is read in pieces with a streaming parser (cml.ts); each product or
 *    offer is checked (numbers, negative stock, references to groups, properties, price types,
 *    warehouses, products, uploaded images) and written as one JSON line to a staged file next
 *    to the upload (`.staged/<file>.jsonl`). The parser lives in memory between calls; if the
 *    process restarted meanwhile, the parse starts again from the top. Any problem ends the
 *    import with `failure` and a reason BEFORE the first write to the catalog: nothing changed.
 * 2. apply — the staged lines are written in transactions of one step each (products, or offers
 *    with their prices and stock), by external id (`Ид`), so repeating a file gives the same
 *    catalog. Each step re-indexes search for the products it touched.
 * 3. finish — a full file (no СодержитТолькоИзменения="true") hides the imported products it
 *    did not name (offers.xml: sets their offers' stock to 0); a partial file touches only what
 *    it names. Products are never deleted: orders keep their lines.
 *
 * A product becomes visible once it has an offer with a price: one that import.xml creates stays
 * hidden (and is remembered in `pending-products.json`) until offers.xml or prices.xml gives it one.
 */

export type FileKind = 'import' | 'offers' | 'prices' | 'rests'

export function fileKind(rel: string): FileKind | null {
  const b = basename(rel).toLowerCase()
  if (!b.endsWith('.xml')) return null
  for (const k of ['import', 'offers', 'prices', 'rests'] as const) if (b.startsWith(k)) return k
  return null
}

/** Time one import call may work (1C waits for each answer; the server keeps answering others). */
export const STEP_MS = 500
const READ_CHUNK = 256 * 1024
/** At most this many staged records are written per call. */
const MAX_PER_STEP = 2000
/** Product ids stay below this; offers take ids above it (db/schema/catalog.ts). */
const OFFER_ID_BASE = 1_000_000
const PLACEHOLDER_IMAGE = '/images/products/bottle-1.svg'

export type StepResult =
  | { status: 'progress'; message: string }
  | { status: 'success'; message: string }
  | { status: 'failure'; reason: string }

// --- Staged records ---------------------------------------------------------------------

interface ProductRec {
  t: 'product'
  id: string
  name: string
  article: string
  description: string | null
  groups: string[]
  images: string[]
  deleted: boolean
  /** Values of the properties, sorted out: brand, filter links, the rest as attributes. */
  props: null | { brand: string | null; hair: string[]; purpose: string[]; attrs: { name: string; value: string }[] }
  maker: string | null
}

interface OfferRec {
  t: 'offer'
  id: string
  product: string
  article: string
  name: string
  volume: number | null
  price: number | null
  /** undefined: leave as it is (no old-price type configured or no prices in the file). */
  oldPrice?: number | null
  stock: number | null
}

interface GroupDef {
  name: string
  parent: string | null
}

interface ImportState {
  kind: FileKind
  phase: 'parse' | 'apply' | 'finish'
  onlyChanges: boolean
  version: string
  groups: Record<string, GroupDef>
  usedGroups: string[]
  /** Bytes of the staged file already applied, and the count of staged records. */
  applyOffset: number
  staged: number
  applied: number
  /** Group Ид → section id, made by the first apply step of import.xml. */
  sections?: Record<string, number>
  /** The file has a Каталог (a file with only the Классификатор hides nothing). */
  hasCatalog?: boolean
}

// --- Continuations of the parse between calls --------------------------------------------

interface Parsing {
  reader: CmlReader
  decoder: TextDecoder
  fd: number
  size: number
  offset: number
  out: string[]
  state: ImportState
  seen: Set<string>
  props: Map<string, { name: string; values: Map<string, string> }>
  priceTypes: Map<string, string>
  stores: Set<string> | null
  count: number
  sawBody: boolean
}
const parsings = new Map<number, Parsing>()

interface Row {
  id: number
  status: 'running' | 'done' | 'failed'
  position: number
  total: number
  state: Record<string, unknown>
  error: string
}

function loadRow(db: DB, sessionId: string, rel: string): Row {
  const now = Date.now()
  db.insert(exchangeImports)
    .values({ sessionId, filename: rel, status: 'running', createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .run()
  return db
    .select()
    .from(exchangeImports)
    .where(and(eq(exchangeImports.sessionId, sessionId), eq(exchangeImports.filename, rel)))
    .get() as Row
}

function saveRow(db: DB, row: Row) {
  db.update(exchangeImports)
    .set({
      status: row.status,
      position: row.position,
      total: row.total,
      state: row.state,
      error: row.error,
      updatedAt: Date.now(),
    })
    .where(eq(exchangeImports.id, row.id))
    .run()
}

/** Forget the import of a file (it is being uploaded again). */
export function resetImport(db: DB, sessionId: string, rel: string) {
  const row = db
    .select({ id: exchangeImports.id })
    .from(exchangeImports)
    .where(and(eq(exchangeImports.sessionId, sessionId), eq(exchangeImports.filename, rel)))
    .get()
  if (!row) return
  dropParsing(row.id)
  db.delete(exchangeImports).where(eq(exchangeImports.id, row.id)).run()
}

function dropParsing(id: number) {
  const p = parsings.get(id)
  if (p) {
    try {
      closeSync(p.fd)
    } catch {
      // already closed
    }
    parsings.delete(id)
  }
}

/** One bounded step of importing `rel` (a file uploaded in this session). */
export function importStep(db: DB, sessionId: string, rel: string, locale: Locale, budgetMs = STEP_MS): StepResult {
  const kind = fileKind(rel)
  if (!kind) return { status: 'failure', reason: msg(locale, 'exchange1c.file.kind', { filename: rel }) }
  if (!uploadExists(sessionId, rel))
    return { status: 'failure', reason: msg(locale, 'exchange1c.file.missing', { filename: rel }) }
  const row = loadRow(db, sessionId, rel)
  if (row.status === 'done') return { status: 'success', message: msg(locale, 'exchange1c.done', { filename: rel }) }
  if (row.status === 'failed') return { status: 'failure', reason: row.error }
  const deadline = Date.now() + budgetMs
  try {
    let state = row.state as unknown as ImportState
    if (!state.phase) {
      state = {
        kind,
        phase: 'parse',
        onlyChanges: false,
        version: '',
        groups: {},
        usedGroups: [],
        applyOffset: 0,
        staged: 0,
        applied: 0,
      }
    }
    let message: string
    if (state.phase === 'parse') {
      const p = parseStep(db, sessionId, rel, row.id, state, deadline)
      state = p.state
      row.position = p.offset
      row.total = p.size
      message = msg(locale, 'exchange1c.progress.read', {
        percent: p.size ? Math.floor((p.offset / p.size) * 100) : 100,
        filename: rel,
      })
    } else if (state.phase === 'apply') {
      applyStep(db, sessionId, rel, state, deadline)
      hiddenChanged(db)
      // Stock or visibility may be back: "Сообщить о поступлении" alerts go out (ADR 016).
      stockMayHaveReturned(db)
      row.position = state.applied
      row.total = state.staged
      message = msg(locale, 'exchange1c.progress.write', { done: state.applied, total: state.staged })
    } else {
      finishStep(db, sessionId, rel, state)
      hiddenChanged(db)
      row.status = 'done'
      row.state = state as unknown as Record<string, unknown>
      saveRow(db, row)
      return { status: 'success', message: msg(locale, 'exchange1c.done', { filename: rel }) }
    }
    row.state = state as unknown as Record<string, unknown>
    saveRow(db, row)
    return { status: 'progress', message }
  } catch (e) {
    dropParsing(row.id)
    const reason =
      e instanceof Refused ? e.text(locale) : msg(locale, 'exchange1c.internal', { detail: (e as Error).message })
    if (!(e instanceof Refused)) log.error('1C import failed', { file: rel, error: (e as Error).stack })
    row.status = 'failed'
    row.error = reason
    saveRow(db, row)
    return { status: 'failure', reason }
  }
}

/** A statement prepared once per connection (the writers run them once per record). */
const prep = (db: DB, sql: string) => stmt(db, sql)

// --- Phase 1: parse and check -------------------------------------------------------------

const ROOT = 'КоммерческаяИнформация'

function parseStep(db: DB, sessionId: string, rel: string, rowId: number, state: ImportState, deadline: number) {
  let p = parsings.get(rowId)
  if (!p) {
    // First call, or the process restarted since the last one: read from the top.
    writeFileSync(stagedPath(sessionId, rel), '')
    const abs = uploadPath(sessionId, rel)
    p = newParsing(db, sessionId, rel, state, openSync(abs, 'r'), statSync(abs).size)
    parsings.set(rowId, p)
  }
  const buf = Buffer.alloc(READ_CHUNK)
  let done = false
  while (!done && Date.now() < deadline) {
    const n = readSync(p.fd, buf, 0, READ_CHUNK, p.offset)
    p.offset += n
    try {
      if (n > 0) p.reader.write(p.decoder.decode(buf.subarray(0, n), { stream: true }))
      else {
        p.reader.write(p.decoder.decode())
        p.reader.close()
        done = true
      }
    } catch (e) {
      if (e instanceof Refused) throw e
      throw new Refused('exchange1c.xml.bad', { filename: rel, detail: (e as Error).message })
    }
    if (p.out.length) {
      appendFileSync(stagedPath(sessionId, rel), p.out.join(''))
      p.out = []
    }
  }
  if (done) {
    dropParsing(rowId)
    if (p.reader.root !== ROOT) throw new Refused('exchange1c.xml.root', { filename: rel })
    if (!p.sawBody) throw new Refused('exchange1c.xml.empty', { filename: rel })
    if (p.priceTypes.size) savePriceTypes(p.priceTypes)
    p.state.staged = p.count
    if (p.state.kind === 'import') saveClassifier(sessionId, p.state.groups, p.props)
    // The ids the file names, one a line: what a full import keeps (finishStep).
    writeFileSync(stagedPath(sessionId, rel) + '.ids', [...p.seen].join('\n'))
    p.state.phase = 'apply'
  }
  return { state: p.state, offset: p.offset, size: p.size }
}

interface SavedClassifier {
  groups: Record<string, GroupDef>
  props: Record<string, { name: string; values: Record<string, string> }>
}
const classifierFile = (sessionId: string) => stagedPath(sessionId, 'classifier')

function readClassifier(sessionId: string): SavedClassifier {
  try {
    return JSON.parse(readFileSync(classifierFile(sessionId), 'utf8')) as SavedClassifier
  } catch {
    return { groups: {}, props: {} }
  }
}

/** Groups and properties seen in this session's import files, for the goods files after them. */
function saveClassifier(sessionId: string, groups: Record<string, GroupDef>, props: Parsing['props']) {
  const saved = readClassifier(sessionId)
  Object.assign(saved.groups, groups)
  for (const [id, prop] of props) saved.props[id] = { name: prop.name, values: Object.fromEntries(prop.values) }
  writeFileSync(classifierFile(sessionId), JSON.stringify(saved))
}

const priceTypesFile = () => join(exchangeRoot(), 'price-types.json')

/** prices.xml of newer releases may name price types without listing them: the last list seen. */
function savePriceTypes(types: Map<string, string>) {
  writeFileSync(priceTypesFile(), JSON.stringify(Object.fromEntries(types)))
}
function knownPriceTypes(): Map<string, string> {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(priceTypesFile(), 'utf8')) as Record<string, string>))
  } catch {
    return new Map()
  }
}

const norm = (s: string) => s.trim().toLowerCase().replace(/ё/g, 'е')
const BRAND_PROPS = new Set(['производитель', 'бренд', 'торговая марка', 'марка', 'brand'])
const isHairProp = (name: string) => /тип\s+волос/.test(norm(name))
const isPurposeProp = (name: string) => /^назначение/.test(norm(name))

/** Volume in ml from "250 мл", "1 л", "1,5 l" (null when none). */
export function volumeFrom(text: string): number | null {
  const m = /(\d+(?:[.,]\d+)?)\s*(мл|ml|л|l)(?![\p{L}])/iu.exec(text)
  if (!m) return null
  const n = Number(m[1]!.replace(',', '.'))
  return Math.round(/^(л|l)$/i.test(m[2]!) ? n * 1000 : n)
}

function newParsing(db: DB, sessionId: string, rel: string, state: ImportState, fd: number, size: number): Parsing {
  const sectionByExt = db.$client.prepare<[string], { id: number }>(
    'select id from catalog_sections where external_id = ?',
  )
  const productByExt = db.$client.prepare<[string], { id: number }>('select id from products where external_id = ?')
  const offerByExt = db.$client.prepare<[string], { id: number }>('select id from product_offers where external_id = ?')
  const retailName = norm(env().PRICE_TYPE_1C)
  const oldName = norm(env().PRICE_TYPE_1C_OLD)
  let retailChecked = false
  const p: Parsing = {
    decoder: new TextDecoder('utf-8', { fatal: true }),
    fd,
    size,
    offset: 0,
    out: [],
    state,
    seen: new Set(),
    props: new Map(),
    priceTypes: new Map(),
    stores: null,
    count: 0,
    sawBody: false,
    reader: undefined as unknown as CmlReader,
  }
  const kind = state.kind
  // Newer releases may send the Классификатор and the goods in separate import files of one session.
  if (kind === 'import') {
    const saved = readClassifier(sessionId)
    Object.assign(state.groups, saved.groups)
    for (const [id, prop] of Object.entries(saved.props))
      p.props.set(id, { name: prop.name, values: new Map(Object.entries(prop.values)) })
  }
  const emit = (rec: ProductRec | OfferRec) => {
    p.out.push(JSON.stringify(rec) + '\n')
    p.count++
  }

  const onGroup = (n: CmlNode, parent: string | null) => {
    const id = textOf(n, 'Ид')
    if (id) state.groups[id] = { name: textOf(n, 'Наименование') || id, parent }
    for (const g of listOf(n, 'Группы', 'Группа')) onGroup(g, id || parent)
  }

  const onProperty = (n: CmlNode) => {
    const id = textOf(n, 'Ид')
    if (!id) return
    const values = new Map<string, string>()
    const variants = [
      ...listOf(n, 'ВариантыЗначений', 'Справочник'),
      ...listOf(n, 'ВариантыЗначений', 'ВариантЗначения'),
      ...childrenOf(child(n, 'ТипыЗначений'), 'ТипЗначений').flatMap((tz) =>
        listOf(tz, 'ВариантыЗначений', 'ВариантЗначения'),
      ),
    ]
    for (const v of variants) {
      const vid = textOf(v, 'ИдЗначения') || textOf(v, 'Ид')
      if (vid) values.set(vid, textOf(v, 'Значение'))
    }
    p.props.set(id, { name: textOf(n, 'Наименование') || id, values })
  }

  const onProduct = (n: CmlNode) => {
    p.sawBody = true
    const id = textOf(n, 'Ид')
    const name = textOf(n, 'Наименование')
    const deleted =
      textOf(n, 'ПометкаУдаления') === 'true' || n.attrs['Статус'] === 'Удален' || textOf(n, 'Статус') === 'Удален'
    if (!id || (!name && !deleted)) throw new Refused('exchange1c.product.id', { n: p.count + 1 })
    if (p.seen.has(id)) throw new Refused('exchange1c.product.duplicate', { id })
    p.seen.add(id)
    const groups = listOf(n, 'Группы', 'Ид')
      .map((g) => g.text)
      .filter(Boolean)
    for (const g of groups) {
      if (!state.groups[g] && !sectionByExt.get(g)) throw new Refused('exchange1c.group.unknown', { id, group: g })
      if (state.groups[g] && !state.usedGroups.includes(g)) state.usedGroups.push(g)
    }
    if (!groups.length && !deleted && !productByExt.get(id)) throw new Refused('exchange1c.group.none', { id })
    const images = childrenOf(n, 'Картинка')
      .map((c) => c.text)
      .filter(Boolean)
    for (const img of images) {
      const safe = safeRelativePath(img)
      if (!safe || !uploadExists(sessionId, safe)) throw new Refused('exchange1c.image.missing', { id, path: img })
    }
    let props: ProductRec['props'] = null
    const values = listOf(n, 'ЗначенияСвойств', 'ЗначенияСвойства')
    if (values.length) {
      props = { brand: null, hair: [], purpose: [], attrs: [] }
      for (const v of values) {
        const pid = textOf(v, 'Ид')
        const def = p.props.get(pid)
        if (!def) throw new Refused('exchange1c.property.unknown', { id, property: pid })
        for (const raw of childrenOf(v, 'Значение').map((x) => x.text)) {
          const value = (def.values.get(raw) ?? raw).trim()
          if (!value) continue
          if (BRAND_PROPS.has(norm(def.name))) props.brand = value
          else if (isHairProp(def.name)) props.hair.push(value)
          else if (isPurposeProp(def.name)) props.purpose.push(value)
          else props.attrs.push({ name: def.name, value })
        }
      }
    }
    const descNode = child(n, 'Описание')
    emit({
      t: 'product',
      id,
      name,
      article: textOf(n, 'Артикул'),
      description: descNode ? descNode.text : null,
      groups,
      images: images.map((i) => safeRelativePath(i)!),
      deleted,
      props,
      maker: textOf(child(n, 'Изготовитель'), 'Наименование') || null,
    })
  }

  const number = (id: string, raw: string, what: 'price' | 'stock'): number => {
    const v = cmlNumber(raw)
    if (v === null) throw new Refused(`exchange1c.${what}.nan`, { id, value: raw })
    if (v < 0) throw new Refused(`exchange1c.${what}.negative`, { id, value: raw })
    return v
  }

  const onOffer = (n: CmlNode) => {
    p.sawBody = true
    const id = textOf(n, 'Ид')
    if (!id) throw new Refused('exchange1c.offer.id', { n: p.count + 1 })
    if (p.seen.has(id)) throw new Refused('exchange1c.offer.duplicate', { id })
    p.seen.add(id)
    const product = id.split('#')[0]!
    if (kind === 'offers') {
      if (!productByExt.get(product)) throw new Refused('exchange1c.offer.product', { id, product })
    } else if (!offerByExt.get(id)) throw new Refused('exchange1c.offer.unknown', { id })

    // Prices: the retail type, and the old-price type when configured.
    let price: number | null = null
    let oldPrice: number | null | undefined
    const prices = child(n, 'Цены')
    if (prices && kind !== 'rests') {
      if (!p.priceTypes.size) p.priceTypes = knownPriceTypes()
      if (!retailChecked) {
        retailChecked = true
        if (![...p.priceTypes.values()].some((v) => norm(v) === retailName))
          throw new Refused('exchange1c.price.retail', { name: env().PRICE_TYPE_1C })
      }
      if (oldName) oldPrice = null
      for (const c of childrenOf(prices, 'Цена')) {
        const type = textOf(c, 'ИдТипаЦены')
        const typeName = p.priceTypes.get(type)
        if (typeName === undefined) throw new Refused('exchange1c.price.type', { id, type })
        const value = Math.round(number(id, textOf(c, 'ЦенаЗаЕдиницу'), 'price'))
        if (norm(typeName) === retailName) price = value
        else if (oldName && norm(typeName) === oldName) oldPrice = value
      }
    }

    // Stock: Количество, else the warehouses summed (Склад attributes or Остатки/Остаток).
    let stock: number | null = null
    if (kind !== 'prices') {
      const perStore: { store: string; qty: number }[] = []
      for (const s of childrenOf(n, 'Склад'))
        if (s.attrs['ИдСклада'] !== undefined)
          perStore.push({ store: s.attrs['ИдСклада'], qty: number(id, s.attrs['КоличествоНаСкладе'] ?? '', 'stock') })
      for (const r of listOf(n, 'Остатки', 'Остаток')) {
        const s = child(r, 'Склад')
        if (s && child(s, 'Количество'))
          perStore.push({ store: textOf(s, 'Ид'), qty: number(id, textOf(s, 'Количество'), 'stock') })
        else if (child(r, 'Количество')) perStore.push({ store: '', qty: number(id, textOf(r, 'Количество'), 'stock') })
      }
      if (p.stores)
        for (const s of perStore)
          if (s.store && !p.stores.has(s.store)) throw new Refused('exchange1c.store.unknown', { id, store: s.store })
      const qty = child(n, 'Количество')
      if (qty) stock = number(id, qty.text, 'stock')
      else if (perStore.length) stock = perStore.reduce((a, s) => a + s.qty, 0)
      if (stock !== null) stock = Math.floor(stock)
    }

    let volume: number | null = null
    const name = textOf(n, 'Наименование')
    if (kind === 'offers') {
      for (const c of listOf(n, 'ХарактеристикиТовара', 'ХарактеристикаТовара')) {
        if (/^объ[её]м/i.test(textOf(c, 'Наименование').trim())) {
          const value = textOf(c, 'Значение')
          volume = volumeFrom(value) ?? (cmlNumber(value) !== null ? Math.round(cmlNumber(value)!) : null)
        }
      }
      volume ??= volumeFrom(name)
    }
    emit({
      t: 'offer',
      id,
      product,
      article: textOf(n, 'Артикул'),
      name,
      volume,
      price,
      ...(oldPrice !== undefined ? { oldPrice } : {}),
      stock,
    })
  }

  const priceTypeNode = (n: CmlNode) => {
    const id = textOf(n, 'Ид')
    if (id) p.priceTypes.set(id, textOf(n, 'Наименование'))
  }
  const storeNode = (n: CmlNode) => {
    p.stores ??= new Set()
    const id = textOf(n, 'Ид')
    if (id) p.stores.add(id)
  }

  const isOfferPack = (name: string | undefined) => name === 'ПакетПредложений' || name === 'ИзмененияПакетаПредложений'
  p.reader = new CmlReader({
    collect: (path) => {
      if (path.length === 4 && path[0] === ROOT) {
        const [, a, b, c] = path
        if (kind === 'import') {
          if (a === 'Классификатор' && b === 'Группы' && c === 'Группа') return true
          if (a === 'Классификатор' && b === 'Свойства' && c === 'Свойство') return true
          if (a === 'Каталог' && b === 'Товары' && c === 'Товар') return true
        } else {
          if ((isOfferPack(a) || a === 'Классификатор') && b === 'ТипыЦен' && c === 'ТипЦены') return true
          if ((isOfferPack(a) || a === 'Классификатор') && b === 'Склады' && c === 'Склад') return true
          if (isOfferPack(a) && b === 'Предложения' && c === 'Предложение') return true
        }
      }
      return false
    },
    node: (node, path) => {
      const section = path[1]
      if (node.name === 'Группа') onGroup(node, null)
      else if (node.name === 'Свойство') onProperty(node)
      else if (node.name === 'Товар') onProduct(node)
      else if (node.name === 'ТипЦены') priceTypeNode(node)
      else if (node.name === 'Склад') storeNode(node)
      else if (node.name === 'Предложение' && isOfferPack(section)) onOffer(node)
    },
    open: (name, attrs, path) => {
      if (path.length === 1) state.version = attrs['ВерсияСхемы'] ?? ''
      if (path.length === 2 && kind === 'import' && name === 'Классификатор') p.sawBody = true
      if (
        path.length === 2 &&
        ((kind === 'import' && name === 'Каталог') || (kind !== 'import' && isOfferPack(name)))
      ) {
        p.sawBody = true
        if (kind === 'import') state.hasCatalog = true
        state.onlyChanges = name === 'ИзмененияПакетаПредложений' || attrs['СодержитТолькоИзменения'] === 'true'
      }
    },
  })
  return p
}

// --- Phase 2: write ------------------------------------------------------------------------

/** Complete lines of the staged file from `offset`, at most `max` bytes' worth. */
function readLines(path: string, offset: number, max = 1024 * 1024): { lines: { text: string; end: number }[] } {
  const fd = openSync(path, 'r')
  try {
    const buf = Buffer.alloc(max)
    const n = readSync(fd, buf, 0, max, offset)
    const lines: { text: string; end: number }[] = []
    let start = 0
    for (let i = 0; i < n; i++) {
      if (buf[i] === 10) {
        lines.push({ text: buf.toString('utf8', start, i), end: offset + i + 1 })
        start = i + 1
      }
    }
    if (n === max && lines.length === 0) throw new Error('staged record larger than the read buffer')
    return { lines }
  } finally {
    closeSync(fd)
  }
}

const pendingFile = () => join(exchangeRoot(), 'pending-products.json')
function readPending(): Set<number> {
  try {
    return new Set(JSON.parse(readFileSync(pendingFile(), 'utf8')) as number[])
  } catch {
    return new Set()
  }
}
function writePending(ids: Set<number>) {
  writeFileSync(pendingFile(), JSON.stringify([...ids]))
}

function applyStep(db: DB, sessionId: string, rel: string, state: ImportState, deadline: number) {
  const path = stagedPath(sessionId, rel)
  if (state.kind === 'import' && !state.sections) {
    state.sections = db.transaction(() => prepareSections(db, state), { behavior: 'immediate' })
    return
  }
  const { lines } = readLines(path, state.applyOffset)
  if (!lines.length) {
    state.phase = 'finish'
    return
  }
  db.transaction(
    () => {
      const pending = readPending()
      let changedPending = false
      const touched = new Set<number>()
      const apply = state.kind === 'import' ? productWriter(db, state, sessionId, pending) : offerWriter(db, state.kind)
      for (const line of lines) {
        const rec = JSON.parse(line.text) as ProductRec & OfferRec
        const r = apply(rec)
        if (r.productId !== null) touched.add(r.productId)
        if (r.pendingChanged) changedPending = true
        state.applyOffset = line.end
        state.applied++
        // The rest of the step (stock sums, search index) needs time of its own.
        if (Date.now() >= deadline - STEP_MS / 2 || state.applied % MAX_PER_STEP === 0) break
      }
      const ids = [...touched]
      if (state.kind !== 'import') {
        refreshAggregates(db, ids)
        // Products made by import.xml that now have a priced offer become visible.
        const shown = ids.filter((id) => pending.has(id))
        const visible = showPriced(db, shown)
        for (const id of visible) pending.delete(id)
        if (visible.length) {
          changedPending = true
          reindexProducts(db, visible)
        }
      } else {
        reindexProducts(db, ids)
      }
      if (changedPending) writePending(pending)
    },
    { behavior: 'immediate' },
  )
}

/** Sections for the groups products name: by external id, else a seeded section of the same title, else new. */
function prepareSections(db: DB, state: ImportState): Record<string, number> {
  const c = db.$client
  const out: Record<string, number> = {}
  const byExt = c.prepare<[string], { id: number }>('select id from catalog_sections where external_id = ?')
  const byTitle = c.prepare<[string], { id: number }>(
    'select id from catalog_sections where external_id is null and lower(title) = lower(?) order by id limit 1',
  )
  const maxSort = (prep(db, 'select coalesce(max(sort), 0) as m from catalog_sections').get() as { m: number }).m
  let sort = maxSort
  for (const gid of state.usedGroups) {
    const g = state.groups[gid]!
    const existing = byExt.get(gid)
    if (existing) {
      prep(db, 'update catalog_sections set title = ? where id = ?').run(g.name, existing.id)
      out[gid] = existing.id
      continue
    }
    const adopt = byTitle.get(g.name)
    if (adopt) {
      prep(db, 'update catalog_sections set external_id = ? where id = ?').run(gid, adopt.id)
      out[gid] = adopt.id
      continue
    }
    const slug = uniqueSlug(db, 'catalog_sections', g.name, gid)
    const r = c
      .prepare(
        'insert into catalog_sections (slug, title, title_en, description, sort, external_id) values (?, ?, ?, ?, ?, ?)',
      )
      .run(slug, g.name, g.name, '', ++sort, gid)
    out[gid] = Number(r.lastInsertRowid)
  }
  return out
}

interface Applied {
  productId: number | null
  pendingChanged?: boolean
}

function productWriter(db: DB, state: ImportState, sessionId: string, pending: Set<number>) {
  const c = db.$client
  const find = c.prepare<[string], { id: number; sectionId: number; brandId: number; hidden: number }>(
    'select id, section_id as sectionId, brand_id as brandId, hidden from products where external_id = ?',
  )
  const sectionByExt = c.prepare<[string], { id: number }>('select id from catalog_sections where external_id = ?')
  const priced = c.prepare<[number], { x: number }>(
    'select 1 as x from product_offers where product_id = ? and price > 0 limit 1',
  )
  const brandByName = c.prepare<[string, string], { id: number }>(
    'select id from brands where lower(name) = lower(?) or lower(name_ru) = lower(?) order by id limit 1',
  )
  const props = prep(db, 'select id, kind, label, label_en as labelEn from product_properties').all() as {
    id: number
    kind: string
    label: string
    labelEn: string
  }[]
  const propId = (kind: string, value: string) =>
    props.find((p) => p.kind === kind && (norm(p.label) === norm(value) || norm(p.labelEn) === norm(value)))?.id
  const brandCache = new Map<string, number>()
  const brandId = (name: string): number => {
    const key = norm(name)
    const hit = brandCache.get(key) ?? brandByName.get(name, name)?.id
    if (hit) return hit
    const slug = uniqueSlug(db, 'brands', name, 'brand')
    const id = Number(
      prep(db, 'insert into brands (slug, name, name_ru, country) values (?, ?, ?, ?)').run(slug, name, name, '')
        .lastInsertRowid,
    )
    brandCache.set(key, id)
    return id
  }
  const nextId = () => {
    const m = (
      prep(db, 'select coalesce(max(id), 0) as m from products where id <= ?').get(OFFER_ID_BASE) as { m: number }
    ).m
    if (m + 1 > OFFER_ID_BASE) throw new Refused('exchange1c.ids.full')
    return m + 1
  }

  return (rec: ProductRec): Applied => {
    const existing = find.get(rec.id)
    if (rec.deleted) {
      if (!existing) return { productId: null }
      prep(db, 'update products set hidden = 1 where id = ?').run(existing.id)
      return { productId: existing.id, pendingChanged: pending.delete(existing.id) }
    }
    const group = rec.groups[0]
    const sectionId =
      (group !== undefined ? (state.sections?.[group] ?? sectionByExt.get(group)?.id) : undefined) ??
      existing?.sectionId
    const brandName = rec.props?.brand ?? rec.maker
    const brand = brandName ? brandId(brandName) : (existing?.brandId ?? brandId('Другие'))
    const images: ImageRef[] = rec.images.map((img) => ({ ...publishImage(sessionId, img), alt: rec.name }))
    const attrs = rec.props ? [...rec.props.attrs] : null
    const links: number[] = []
    if (rec.props) {
      for (const [kind, values] of [
        ['hair-type', rec.props.hair],
        ['purpose', rec.props.purpose],
      ] as const) {
        for (const v of values) {
          const id = propId(kind, v)
          if (id) links.push(id)
          else attrs!.push({ name: kind === 'hair-type' ? 'Тип волос' : 'Назначение', value: v })
        }
      }
    }
    let id: number
    let hidden: boolean
    if (existing) {
      id = existing.id
      hidden = !priced.get(id)
      const sets: string[] = ['name = ?', 'name_en = ?', 'section_id = ?', 'brand_id = ?', 'hidden = ?']
      const params: unknown[] = [rec.name, rec.name, sectionId, brand, hidden ? 1 : 0]
      if (rec.description !== null) {
        sets.push('description = ?')
        params.push(rec.description)
      }
      if (images.length) {
        sets.push('image = ?', 'gallery = ?')
        params.push(JSON.stringify(images[0]), JSON.stringify(images))
      }
      if (attrs) {
        sets.push('attributes = ?')
        params.push(JSON.stringify(attrs))
      }
      prep(db, `update products set ${sets.join(', ')} where id = ?`).run(...params, id)
    } else {
      id = nextId()
      hidden = true
      const image = images[0] ?? { src: PLACEHOLDER_IMAGE, width: 800, height: 800, alt: rec.name }
      prep(
        db,
        `insert into products (id, slug, section_id, brand_id, name, name_en, description, image, gallery, popularity,
           min_price, total_stock, external_id, hidden, attributes, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?, 1, ?, ?)`,
      ).run(
        id,
        uniqueSlug(db, 'products', rec.name, rec.id),
        sectionId,
        brand,
        rec.name,
        rec.name,
        rec.description ?? '',
        JSON.stringify(image),
        JSON.stringify(images.length ? images : [image]),
        rec.id,
        JSON.stringify(attrs ?? []),
        Date.now(),
      )
    }
    if (rec.props) {
      prep(db, 'delete from product_property_links where product_id = ?').run(id)
      const ins = prep(
        db,
        'insert into product_property_links (product_id, property_id) values (?, ?) on conflict do nothing',
      )
      for (const l of links) ins.run(id, l)
    }
    let pendingChanged = false
    if (hidden && !pending.has(id)) {
      pending.add(id)
      pendingChanged = true
    } else if (!hidden && pending.delete(id)) pendingChanged = true
    return { productId: id, pendingChanged }
  }
}

function offerWriter(db: DB, kind: FileKind) {
  const c = db.$client
  const productByExt = c.prepare<[string], { id: number }>('select id from products where external_id = ?')
  const find = c.prepare<[string], { id: number; productId: number }>(
    'select id, product_id as productId from product_offers where external_id = ?',
  )
  const skuTaken = c.prepare<[string], { id: number; ext: string | null }>(
    'select id, external_id as ext from product_offers where sku = ?',
  )
  const nextId = () => {
    const m = (prep(db, 'select coalesce(max(id), 0) as m from product_offers').get() as { m: number }).m
    return Math.max(m, OFFER_ID_BASE) + 1
  }
  const skuFor = (rec: OfferRec) => {
    const base = rec.article.trim()
    if (base) {
      const taken = skuTaken.get(base)
      if (!taken || taken.ext === rec.id) return base
    }
    let sku = `1C-${rec.id.replace(/[^0-9A-Za-z#-]/g, '').slice(0, 60)}`
    for (let i = 2; skuTaken.get(sku) && skuTaken.get(sku)!.ext !== rec.id; i++) sku = `1C-${rec.id.slice(0, 50)}-${i}`
    return sku
  }

  return (rec: OfferRec): Applied => {
    const existing = find.get(rec.id)
    if (kind === 'prices' || kind === 'rests') {
      if (!existing) return { productId: null } // checked at parse; removed since: nothing to update
      const sets: string[] = []
      const params: unknown[] = []
      const set = (column: string, value: unknown) => {
        sets.push(`${column} = ?`)
        params.push(value)
      }
      if (kind === 'prices' && rec.price !== null) set('price', rec.price)
      if (kind === 'prices' && rec.oldPrice !== undefined) set('old_price', rec.oldPrice)
      if (kind === 'rests' && rec.stock !== null) set('stock', rec.stock)
      if (sets.length) prep(db, `update product_offers set ${sets.join(', ')} where id = ?`).run(...params, existing.id)
      return { productId: existing.productId }
    }
    const product = productByExt.get(rec.product)
    if (!product) return { productId: null }
    if (existing) {
      const sets = ['product_id = ?', 'sku = ?']
      const params: unknown[] = [product.id, skuFor(rec)]
      const set = (column: string, value: unknown) => {
        sets.push(`${column} = ?`)
        params.push(value)
      }
      if (rec.volume !== null) set('volume', rec.volume)
      if (rec.price !== null) set('price', rec.price)
      if (rec.oldPrice !== undefined) set('old_price', rec.oldPrice)
      if (rec.stock !== null) set('stock', rec.stock)
      prep(db, `update product_offers set ${sets.join(', ')} where id = ?`).run(...params, existing.id)
    } else {
      const sort = (
        prep(db, 'select count(*) as n from product_offers where product_id = ?').get(product.id) as { n: number }
      ).n
      prep(
        db,
        `insert into product_offers (id, product_id, sku, volume, price, old_price, stock, sort, external_id)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        nextId(),
        product.id,
        skuFor(rec),
        rec.volume ?? 0,
        rec.price ?? 0,
        rec.oldPrice ?? null,
        rec.stock ?? 0,
        sort,
        rec.id,
      )
    }
    return { productId: product.id }
  }
}

/** products.min_price / total_stock from their offers (as the seed computes them), for some products. */
function refreshAggregates(db: DB, ids: number[]) {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500)
    prep(
      db,
      `update products set
         min_price = coalesce((select min(price) from product_offers o where o.product_id = products.id), 0),
         total_stock = coalesce((select sum(stock) from product_offers o where o.product_id = products.id), 0)
       where id in (${chunk.map(() => '?').join(',')})`,
    ).run(...chunk)
  }
}

/** Of these hidden products, un-hides those with a priced offer; returns them. */
function showPriced(db: DB, ids: number[]): number[] {
  const c = db.$client
  const out: number[] = []
  const q = c.prepare<[number], { x: number }>(
    'select 1 as x from products p where p.id = ? and p.hidden = 1 and exists (select 1 from product_offers o where o.product_id = p.id and o.price > 0)',
  )
  const show = prep(db, 'update products set hidden = 0 where id = ?')
  for (const id of ids) {
    if (q.get(id)) {
      show.run(id)
      out.push(id)
    }
  }
  return out
}

// --- Phase 3: finish ------------------------------------------------------------------------

function stagedIds(path: string): Set<string> {
  if (!existsSync(path + '.ids')) return new Set()
  return new Set(readFileSync(path + '.ids', 'utf8').split('\n'))
}

function finishStep(db: DB, sessionId: string, rel: string, state: ImportState) {
  if (state.onlyChanges || (state.kind !== 'import' && state.kind !== 'offers')) return
  if (state.kind === 'import' && !state.hasCatalog) return
  const named = stagedIds(stagedPath(sessionId, rel))
  const c = db.$client
  db.transaction(
    () => {
      if (state.kind === 'import') {
        // A full catalog: imported products it did not name are hidden (never deleted).
        const gone = (
          c
            .prepare('select id, external_id as ext from products where external_id is not null and hidden = 0')
            .all() as {
            id: number
            ext: string
          }[]
        )
          .filter((p) => !named.has(p.ext))
          .map((p) => p.id)
        const hide = prep(db, 'update products set hidden = 1 where id = ?')
        for (const id of gone) hide.run(id)
        const pending = readPending()
        let changed = false
        for (const p of c
          .prepare('select id, external_id as ext from products where external_id is not null and hidden = 1')
          .all() as {
          id: number
          ext: string
        }[])
          if (!named.has(p.ext) && pending.delete(p.id)) changed = true
        if (changed) writePending(pending)
        reindexProducts(db, gone)
      } else {
        // A full offers package: offers of imported products it did not name have no stock.
        const gone = (
          c
            .prepare(
              `select o.id, o.product_id as productId, o.external_id as ext from product_offers o
                 join products p on p.id = o.product_id where o.external_id is not null and o.stock > 0`,
            )
            .all() as { id: number; productId: number; ext: string }[]
        ).filter((o) => !named.has(o.ext))
        const zero = prep(db, 'update product_offers set stock = 0 where id = ?')
        for (const o of gone) zero.run(o.id)
        refreshAggregates(db, [...new Set(gone.map((o) => o.productId))])
      }
    },
    { behavior: 'immediate' },
  )
}
