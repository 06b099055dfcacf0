import * as snowballModule from 'snowball-stemmers'
import type { Ctx } from '../context'
import type { DB } from '../../db/client'
import {
  PAGE_SIZE,
  type CatalogFilter,
  type SearchHit,
  type SearchResult,
  type Sort,
  type SuggestResult,
} from '../contracts/catalog'
import { appliedFilter, cardsFor, listCatalog, stmt } from './catalog'
import { ownerOf } from './owner'
import { normalizeText, switchLayout, transliterate, words } from '../contracts/text-variants'

export { normalizeText, switchLayout, transliterate, words }

/**
 * Russian-aware search over SQLite FTS5 (migration 0001_search_index). Text is stemmed in JS
 * (snowball: Russian for Cyrillic words, English for Latin ones) both when indexing and when
 * querying, so "шампуня" and "шампуни" meet "шампунь" at the stem "шампун". When the typed
 * query finds nothing, the fallbacks run in order: prefix of the last word, the other keyboard
 * layout ("ifvgeym" → "шампунь"), transliteration (Latin ↔ Cyrillic, brands carry both
 * spellings), and one-letter typos through the symmetric-delete vocabulary (search_terms).
 */

// A UMD module: named exports under tsx/vitest, a default object when Node's ESM loader wraps it.
type Snowball = typeof snowballModule
const snowball: Snowball = (snowballModule as Snowball & { default?: Snowball }).default ?? snowballModule
const ru = snowball.newStemmer('russian')
const enStem = snowball.newStemmer('english')

const STOP = new Set([
  'и',
  'в',
  'во',
  'с',
  'со',
  'на',
  'для',
  'от',
  'по',
  'из',
  'к',
  'о',
  'об',
  'а',
  'но',
  'или',
  'the',
  'for',
  'and',
  'of',
  'with',
  'a',
])

const CYR = /[а-я]/
// Stemming is the index rebuild's main cost and a catalog's vocabulary is small: memoise.
const stemCache = new Map<string, string>()
export function stem(word: string): string {
  let out = stemCache.get(word)
  if (out !== undefined) return out
  out = CYR.test(word) ? ru.stem(word) : /^[a-z]+$/.test(word) ? enStem.stem(word) : word
  if (stemCache.size > 100_000) stemCache.clear()
  stemCache.set(word, out)
  return out
}

const stems = (text: string) =>
  words(text)
    .filter((w) => !STOP.has(w))
    .map(stem)
    .join(' ')

// Keyboard layout and transliteration: ../contracts/text-variants.ts (shared with the city search).

// --- Typos: symmetric-delete vocabulary ----------------------------------------------------

function deletions(word: string): string[] {
  const out = new Set<string>()
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1))
  return [...out]
}

/** Optimal string alignment distance ≤ 1 (insert, delete, substitute, swap of neighbours). */
export function withinOne(a: string, b: string): boolean {
  if (a === b) return true
  if (Math.abs(a.length - b.length) > 1) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}

/** The indexed word one edit away from `word` (most frequent wins), or null. */
function closestTerm(db: DB, word: string): string | null {
  if (word.length < 4) return null
  const variants = [word, ...deletions(word)]
  const rows = stmt(
    db,
    `select term, freq from search_terms where variant in (${variants.map(() => '?').join(',')})`,
  ).all(...variants) as {
    term: string
    freq: number
  }[]
  const best = rows
    .filter((r) => r.term !== word && withinOne(r.term, word))
    .sort(
      (a, b) =>
        Number(b.term.length === word.length) - Number(a.term.length === word.length) ||
        b.freq - a.freq ||
        a.term.localeCompare(b.term),
    )[0]
  return best?.term ?? null
}

// --- Index ------------------------------------------------------------------------------

const stripHtml = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ')

/** The indexed text of products (hidden products, absent from 1C's last full import, are left out). */
const PRODUCT_INDEX_SQL = `select p.id, p.name, p.name_en as nameEn, p.description, b.name as brand, b.name_ru as brandRu, b.slug as brandSlug, s.title as section, s.title_en as sectionEn,
         (select group_concat(pp.label || ' ' || pp.label_en, ' ') from product_property_links l join product_properties pp on pp.id = l.property_id where l.product_id = p.id) as props
    from products p join brands b on b.id = p.brand_id join catalog_sections s on s.id = p.section_id`

function productIndexText(p: Record<string, string | null>) {
  return {
    title: [p.name, p.nameEn, p.brand, p.brandRu, (p.brandSlug ?? '').replace(/-/g, ' ')].join(' '),
    body: [p.description, p.section, p.sectionEn, p.props].join(' '),
  }
}

/**
 * Brings the index up to date for some products after they changed (the 1C import): hidden ones
 * leave it, the others are indexed again; new words join the typo vocabulary. Inside the
 * caller's transaction when there is one.
 */
export function reindexProducts(db: DB, ids: number[]) {
  const c = db.$client
  const del = c.prepare('delete from search_products where rowid = ?')
  const ins = c.prepare('insert into search_products (rowid, title, body) values (?, ?, ?)')
  const insTerm = c.prepare('insert into search_terms (variant, term, freq) values (?, ?, 1) on conflict do nothing')
  const run = () => {
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500)
      for (const id of chunk) del.run(id)
      const rows = c
        .prepare(`${PRODUCT_INDEX_SQL} where p.hidden = 0 and p.id in (${chunk.map(() => '?').join(',')})`)
        .all(...chunk) as Record<string, string | null>[]
      for (const p of rows) {
        const { title, body } = productIndexText(p)
        ins.run(p.id, stems(title), stems(body))
        for (const w of new Set(words(`${title} ${body}`)))
          if (w.length >= 3 && !/^\d+$/.test(w)) {
            insTerm.run(w, w)
            for (const d of deletions(w)) insTerm.run(d, w)
          }
      }
    }
  }
  if (c.inTransaction) run()
  else c.transaction(run)()
}

/** Rebuilds the FTS tables and the typo vocabulary from the content tables (after every seed). */
export function rebuildSearchIndex(db: DB) {
  // Inside the seed's transaction `db` is drizzle's transaction object, which has no $client.
  const c =
    (db.$client as typeof db.$client | undefined) ??
    (db as unknown as { session: { client: typeof db.$client } }).session.client
  const vocab = new Map<string, number>()
  const count = (text: string) => {
    for (const w of words(text)) if (w.length >= 3 && !/^\d+$/.test(w)) vocab.set(w, (vocab.get(w) ?? 0) + 1)
  }
  const run = () => {
    c.exec('delete from search_products; delete from search_content; delete from search_terms;')
    const insProduct = c.prepare('insert into search_products (rowid, title, body) values (?, ?, ?)')
    const products = c.prepare(`${PRODUCT_INDEX_SQL} where p.hidden = 0`).all() as Record<string, string | null>[]
    for (const p of products) {
      const { title, body } = productIndexText(p)
      insProduct.run(p.id, stems(title), stems(body))
      count(title)
      count(body)
    }
    const insContent = c.prepare(
      'insert into search_content (title, body, kind, ref_id, label, link, excerpt) values (?, ?, ?, ?, ?, ?, ?)',
    )
    const add = (kind: string, id: number, title: string, body: string, link: string) => {
      const text = body.replace(/\s+/g, ' ').trim()
      insContent.run(
        stems(title),
        stems(text),
        kind,
        id,
        title,
        link,
        text.length > 160 ? text.slice(0, 157) + '…' : text,
      )
      count(title)
      count(text)
    }
    for (const s of c
      .prepare(
        'select v.id, v.slug, v.title, v.description, ss.slug as section from services v join service_sections ss on ss.id = v.section_id',
      )
      .all() as {
      id: number
      slug: string
      title: string
      description: string
      section: string
    }[])
      add('service', s.id, s.title, s.description, `/services/${s.section}/${s.slug}/`)
    for (const p of c.prepare('select id, slug, title, excerpt, html from posts').all() as {
      id: number
      slug: string
      title: string
      excerpt: string
      html: string
    }[])
      add('post', p.id, p.title, `${p.excerpt} ${stripHtml(p.html)}`, `/blog/${p.slug}/`)
    for (const f of c.prepare('select id, question, answer from faq_items').all() as {
      id: number
      question: string
      answer: string
    }[])
      add('faq', f.id, f.question, stripHtml(f.answer), `/faq/#faq-${f.id}`)
    const insTerm = c.prepare('insert into search_terms (variant, term, freq) values (?, ?, ?) on conflict do nothing')
    for (const [term, freq] of vocab) {
      insTerm.run(term, term, freq)
      for (const d of deletions(term)) insTerm.run(d, term, freq)
    }
  }
  if (c.inTransaction) run()
  else c.transaction(run)()
}

// --- Querying -----------------------------------------------------------------------------

interface Plan {
  /** The words actually searched (for "corrected"). */
  words: string[]
  match: string
}

function plan(text: string, prefixLast: boolean): Plan | null {
  let ws = words(text)
  const meaningful = ws.filter((w) => !STOP.has(w))
  if (meaningful.length) ws = meaningful
  if (!ws.length) return null
  ws = ws.slice(0, 8)
  const parts = ws.map((w, i) => `"${stem(w).replace(/"/g, '""')}"${prefixLast && i === ws.length - 1 ? '*' : ''}`)
  return { words: ws, match: parts.join(' ') }
}

const hasAny = (db: DB, match: string) =>
  stmt(db, 'select 1 from search_products where search_products match ? limit 1').get(match) !== undefined ||
  stmt(db, 'select 1 from search_content where search_content match ? limit 1').get(match) !== undefined

/**
 * The first query that finds anything: as typed, then the fallbacks. `corrected` is set when
 * the query was rewritten.
 */
function resolveQuery(db: DB, typed: string, prefix: boolean): { plan: Plan; corrected: string | null } | null {
  const first = plan(typed, prefix)
  if (!first) return null
  const tried = new Set<string>()
  const attempt = (text: string, pfx: boolean): Plan | null => {
    const p = plan(text, pfx)
    if (!p || tried.has(p.match)) return null
    tried.add(p.match)
    return hasAny(db, p.match) ? p : null
  }
  const corrected = (p: Plan) => ({
    plan: p,
    corrected: p.words.join(' ') === first.words.join(' ') ? null : p.words.join(' '),
  })
  const candidates: [string, boolean][] = [
    [typed, prefix],
    [typed, true],
    [switchLayout(typed), prefix],
    [switchLayout(typed), true],
    [transliterate(typed), prefix],
  ]
  for (const [text, pfx] of candidates) {
    const p = attempt(text, pfx)
    if (p) return corrected(p)
  }
  // One-letter typos: replace each word the index does not know by its nearest indexed word.
  for (const base of [typed, switchLayout(typed), transliterate(typed)]) {
    const bp = plan(base, false)
    if (!bp) continue
    const fixed = bp.words.map((w) => (hasAny(db, `"${stem(w)}"`) ? w : (closestTerm(db, w) ?? w)))
    if (fixed.join(' ') === bp.words.join(' ')) continue
    const p = attempt(fixed.join(' '), prefix)
    if (p) return corrected(p)
  }
  return null
}

/**
 * Product ids by relevance (title words weigh 8× the body). No join on products here: reading the
 * wide product rows of every match to break ties by popularity cost 3× more at 100k products.
 */
function productIds(db: DB, match: string, limit: number, offset: number): number[] {
  return (
    stmt(
      db,
      'select rowid as id from search_products where search_products match ? order by bm25(search_products, 8.0, 1.0), rowid limit ? offset ?',
    ).all(match, limit, offset) as { id: number }[]
  ).map((r) => r.id)
}

function contentHits(db: DB, match: string, kind: SearchHit['kind'], limit: number): SearchHit[] {
  return (
    stmt(
      db,
      `select label as title, link, excerpt from search_content where search_content match ? and kind = ? order by bm25(search_content, 8.0, 1.0) limit ?`,
    ).all(match, kind, limit) as { title: string; link: string; excerpt: string }[]
  ).map((r) => ({ kind, ...r }))
}

function names(ctx: Ctx, ids: number[]): string[] {
  return [...new Set(cardsFor(ctx, ids.slice(0, 6), null).map((c) => c.name))]
}

/**
 * GET /api/search/: products first (paginated), then services, posts and FAQ. The products found
 * take the catalog's filters and sort (issue 17): facets over the matches come with every answer;
 * without `sort` and filters the products stay in order of relevance.
 */
export function search(
  ctx: Ctx,
  input: { s: string; page: number; sort?: Sort | undefined; filter?: CatalogFilter | undefined },
): SearchResult {
  const pageSize = PAGE_SIZE
  const empty: SearchResult = {
    items: [],
    total: 0,
    page: input.page,
    pageSize,
    suggestions: [],
    corrected: null,
    groups: { services: [], posts: [], faq: [] },
  }
  const resolved = resolveQuery(ctx.db, input.s, false)
  if (!resolved) return empty
  const { match } = resolved.plan
  const filter = input.filter ?? {}
  const applied = appliedFilter(filter)
  const byRelevance = input.sort === undefined && Object.keys(applied).length === 0
  const listing = listCatalog(ctx, { page: input.page, pageSize, sort: input.sort ?? 'popular', filter }, { match })
  let items: SearchResult['items']
  let total: number
  let ids: number[] = []
  if (byRelevance) {
    total = (
      stmt(ctx.db, 'select count(*) as n from search_products where search_products match ?').get(match) as {
        n: number
      }
    ).n
    ids = productIds(ctx.db, match, pageSize, (input.page - 1) * pageSize)
    items = cardsFor(ctx, ids, ownerOf(ctx))
  } else {
    items = listing.products.items
    total = listing.products.total
  }
  const top = byRelevance && input.page === 1 ? ids : productIds(ctx.db, match, 6, 0)
  return {
    items,
    total,
    page: input.page,
    pageSize,
    suggestions: [...(resolved.corrected ? [resolved.corrected] : []), ...names(ctx, top)].slice(0, 6),
    corrected: resolved.corrected,
    groups: {
      services: contentHits(ctx.db, match, 'service', 5),
      posts: contentHits(ctx.db, match, 'post', 5),
      faq: contentHits(ctx.db, match, 'faq', 5),
    },
    filters: listing.filters,
    ...(input.sort !== undefined ? { sort: input.sort } : {}),
    sorts: listing.sorts,
    applied: listing.applied,
  }
}

/** As-you-type suggestions for the header dropdown (the last word is a prefix). */
export function suggest(ctx: Ctx, input: { s: string }): SuggestResult {
  const s = input.s.trim()
  if (s.length < 2) return { suggestions: [], products: [], corrected: null }
  const resolved = resolveQuery(ctx.db, s, true)
  if (!resolved) return { suggestions: [], products: [], corrected: null }
  const ids = productIds(ctx.db, resolved.plan.match, 6, 0)
  return {
    suggestions: names(ctx, ids),
    products: cardsFor(ctx, ids.slice(0, 4), ownerOf(ctx)),
    corrected: resolved.corrected,
  }
}
