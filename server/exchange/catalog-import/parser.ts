import { eq } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { productOffers } from '../../../db/schema'
import { env } from '../../env'
import { child, childrenOf, cmlNumber, CmlReader, listOf, textOf, type CmlNode } from '../cml'
import { safeRelativePath, uploadExists } from '../files'
import { Refused } from '../messages'
import { BRAND_PROPS, isHairProp, isPurposeProp, knownPriceTypes, norm, readClassifier, volumeFrom } from './classifier'
import { productIdByExt, sectionIdByExt } from './lookups'
import type { Parsing } from './parse'
import { ROOT, type ImportState, type OfferRec, type ProductRec } from './types'

/**
 * The parser of one upload: a CmlReader whose callbacks check each group, property, product and
 * offer and stage them as JSON lines (Parsing.out); any problem is a Refused before any write.
 */
export function newParsing(
  db: DB,
  sessionId: string,
  rel: string,
  state: ImportState,
  fd: number,
  size: number,
): Parsing {
  const offerIdByExt = async (ext: string) => {
    const [row] = await db.select({ id: productOffers.id }).from(productOffers).where(eq(productOffers.externalId, ext))
    return row
  }
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
    pending: [],
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

  const onProduct = async (n: CmlNode) => {
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
      if (!state.groups[g] && !(await sectionIdByExt(db, g)))
        throw new Refused('exchange1c.group.unknown', { id, group: g })
      if (state.groups[g] && !state.usedGroups.includes(g)) state.usedGroups.push(g)
    }
    if (!groups.length && !deleted && !(await productIdByExt(db, id)))
      throw new Refused('exchange1c.group.none', { id })
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

  const onOffer = async (n: CmlNode) => {
    p.sawBody = true
    const id = textOf(n, 'Ид')
    if (!id) throw new Refused('exchange1c.offer.id', { n: p.count + 1 })
    if (p.seen.has(id)) throw new Refused('exchange1c.offer.duplicate', { id })
    p.seen.add(id)
    const product = id.split('#')[0]!
    if (kind === 'offers') {
      if (!(await productIdByExt(db, product))) throw new Refused('exchange1c.offer.product', { id, product })
    } else if (!(await offerIdByExt(id))) throw new Refused('exchange1c.offer.unknown', { id })

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
    // Checks may query the database: the reader only queues the collected elements, and
    // parseStep handles them in document order after each piece it feeds (Parsing.pending).
    node: (node, path) => {
      const section = path[1]
      if (node.name === 'Группа') p.pending.push(() => onGroup(node, null))
      else if (node.name === 'Свойство') p.pending.push(() => onProperty(node))
      else if (node.name === 'Товар') p.pending.push(() => onProduct(node))
      else if (node.name === 'ТипЦены') p.pending.push(() => priceTypeNode(node))
      else if (node.name === 'Склад') p.pending.push(() => storeNode(node))
      else if (node.name === 'Предложение' && isOfferPack(section)) p.pending.push(() => onOffer(node))
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
