import { asc, desc, eq, and, sql } from 'drizzle-orm'
import type { Ctx } from '../context'
import { catalogSections, products } from '../../db/schema'
import { cachedByContent } from '../cache'
import { localizedText } from '../contracts/localized'
import type { SectionLink } from '../contracts/site'

/**
 * The catalog's most popular sections (the 404 page's "popular sections", issue 17): ranked by
 * the summed popularity of their visible products in stock, then by the catalog's own order;
 * sections with nothing visible are left out.
 */
export function popularSections(ctx: Ctx, limit = 6): Promise<SectionLink[]> {
  return cachedByContent(ctx.db, `popular-sections:${ctx.locale}:${limit}`, async () => {
    const rows = await ctx.db
      .select({
        id: catalogSections.id,
        title: catalogSections.title,
        titleEn: catalogSections.titleEn,
        slug: catalogSections.slug,
      })
      .from(catalogSections)
      .innerJoin(products, and(eq(products.sectionId, catalogSections.id), eq(products.hidden, false)))
      .groupBy(catalogSections.id)
      .orderBy(
        desc(sql`sum(case when ${products.totalStock} > 0 then ${products.popularity} else 0 end)`),
        asc(catalogSections.sort),
        asc(catalogSections.id),
      )
      .limit(limit)
    return rows.map((s) => ({ id: s.id, title: localizedText(s, 'title', ctx.locale), link: `/catalog/${s.slug}/` }))
  })
}
