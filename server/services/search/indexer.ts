import { and, eq, inArray } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { transaction } from '../../../db/engine'
import {
  brands,
  catalogSections,
  faqItems,
  posts,
  productProperties,
  productPropertyLinks,
  products,
  serviceSections,
  services,
} from '../../../db/schema'
import { words } from '../../contracts/text-variants'
import {
  clearIndex,
  deleteProductDocs,
  insertContentDocs,
  insertProductDocs,
  insertTerms,
  type ContentDoc,
} from './engine'
import { deletions, stems } from './stem'

/** Filling the search index from the content tables: all of it after a seed, some products after a 1C import. */

const stripHtml = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ')
const indexable = (w: string) => w.length >= 3 && !/^\d+$/.test(w)

/** The indexed text of visible products (hidden ones, absent from 1C's last full import, are left out). */
async function productTexts(db: DB, ids?: number[]): Promise<{ id: number; title: string; body: string }[]> {
  const only = (col: typeof products.id | typeof productPropertyLinks.productId) =>
    ids ? inArray(col, ids) : undefined
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      nameEn: products.nameEn,
      description: products.description,
      brand: brands.name,
      brandRu: brands.nameRu,
      brandSlug: brands.slug,
      section: catalogSections.title,
      sectionEn: catalogSections.titleEn,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(catalogSections, eq(catalogSections.id, products.sectionId))
    .where(and(eq(products.hidden, false), only(products.id)))
  const props = new Map<number, string[]>()
  for (const l of await db
    .select({ id: productPropertyLinks.productId, label: productProperties.label, labelEn: productProperties.labelEn })
    .from(productPropertyLinks)
    .innerJoin(productProperties, eq(productProperties.id, productPropertyLinks.propertyId))
    .where(only(productPropertyLinks.productId)))
    props.set(l.id, [...(props.get(l.id) ?? []), `${l.label} ${l.labelEn}`])
  return rows.map((p) => ({
    id: p.id,
    title: [p.name, p.nameEn, p.brand, p.brandRu, p.brandSlug.replace(/-/g, ' ')].join(' '),
    body: [p.description, p.section, p.sectionEn, (props.get(p.id) ?? []).join(' ')].join(' '),
  }))
}

/** Collects vocabulary rows and writes them in batches. */
function termWriter(db: DB) {
  let buffer: { variant: string; term: string; freq: number }[] = []
  const flush = async () => {
    const rows = buffer
    buffer = []
    await insertTerms(db, rows)
  }
  const add = async (term: string, freq: number) => {
    buffer.push({ variant: term, term, freq })
    for (const d of deletions(term)) buffer.push({ variant: d, term, freq })
    if (buffer.length >= 5000) await flush()
  }
  return { add, flush }
}

/**
 * Brings the index up to date for some products after they changed (the 1C import): hidden ones
 * leave it, the others are indexed again; new words join the typo vocabulary. Inside the
 * caller's transaction when there is one.
 */
export async function reindexProducts(db: DB, ids: number[]): Promise<void> {
  await transaction(db, async (tx) => {
    const terms = termWriter(tx)
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500)
      await deleteProductDocs(tx, chunk)
      const texts = await productTexts(tx, chunk)
      await insertProductDocs(
        tx,
        texts.map((p) => ({ id: p.id, title: stems(p.title), body: stems(p.body) })),
      )
      for (const p of texts)
        for (const w of new Set(words(`${p.title} ${p.body}`))) if (indexable(w)) await terms.add(w, 1)
    }
    await terms.flush()
  })
}

/** Rebuilds the FTS tables and the typo vocabulary from the content tables (after every seed). */
export async function rebuildSearchIndex(db: DB): Promise<void> {
  const vocab = new Map<string, number>()
  const count = (text: string) => {
    for (const w of words(text)) if (indexable(w)) vocab.set(w, (vocab.get(w) ?? 0) + 1)
  }
  await transaction(db, async (tx) => {
    await clearIndex(tx)
    const texts = await productTexts(tx)
    await insertProductDocs(
      tx,
      texts.map((p) => ({ id: p.id, title: stems(p.title), body: stems(p.body) })),
    )
    for (const p of texts) {
      count(p.title)
      count(p.body)
    }
    const docs: ContentDoc[] = []
    const add = (kind: ContentDoc['kind'], id: number, title: string, body: string, link: string) => {
      const text = body.replace(/\s+/g, ' ').trim()
      const excerpt = text.length > 160 ? text.slice(0, 157) + '…' : text
      docs.push({ title: stems(title), body: stems(text), kind, refId: id, label: title, link, excerpt })
      count(title)
      count(text)
    }
    for (const s of await tx
      .select({
        id: services.id,
        slug: services.slug,
        title: services.title,
        description: services.description,
        section: serviceSections.slug,
      })
      .from(services)
      .innerJoin(serviceSections, eq(serviceSections.id, services.sectionId)))
      add('service', s.id, s.title, s.description, `/services/${s.section}/${s.slug}/`)
    for (const p of await tx
      .select({ id: posts.id, slug: posts.slug, title: posts.title, excerpt: posts.excerpt, html: posts.html })
      .from(posts))
      add('post', p.id, p.title, `${p.excerpt} ${stripHtml(p.html)}`, `/blog/${p.slug}/`)
    for (const f of await tx
      .select({ id: faqItems.id, question: faqItems.question, answer: faqItems.answer })
      .from(faqItems))
      add('faq', f.id, f.question, stripHtml(f.answer), `/faq/#faq-${f.id}`)
    await insertContentDocs(tx, docs)
    const terms = termWriter(tx)
    for (const [term, freq] of vocab) await terms.add(term, freq)
    await terms.flush()
  })
}
