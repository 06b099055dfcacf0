import type { Ctx } from '../context'
import { cachedByData } from '../cache'
import type { SectionLink } from '../contracts/site'

/**
 * The catalog's most popular sections (the 404 page's "popular sections", issue 17): ranked by
 * the summed popularity of their visible products in stock, then by the catalog's own order;
 * sections with nothing visible are left out.
 */
export function popularSections(ctx: Ctx, limit = 6): SectionLink[] {
  const en = ctx.locale === 'en'
  return cachedByData(ctx.db, `popular-sections:${ctx.locale}:${limit}`, () =>
    ctx.db.$client
      .prepare<[number], { id: number; title: string; titleEn: string; slug: string }>(
        `select s.id, s.title, s.title_en as titleEn, s.slug
           from catalog_sections s join products p on p.section_id = s.id and p.hidden = 0
          group by s.id
          order by sum(case when p.total_stock > 0 then p.popularity else 0 end) desc, s.sort, s.id
          limit ?`,
      )
      .all(limit)
      .map((s) => ({ id: s.id, title: en ? s.titleEn : s.title, link: `/catalog/${s.slug}/` })),
  )
}
