import type { DB } from '../../db/client'
import { eq } from 'drizzle-orm'
import { brands, catalogSections, products } from '../../db/schema'

const CYR: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
}

/** "Шампунь «Объём» 250 мл" → "shampun-obem-250-ml" (at most 80 characters). */
export function slugify(text: string): string {
  const latin = [...text.toLowerCase()].map((c) => CYR[c] ?? c).join('')
  return latin
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '')
}

const TABLES = { products, catalog_sections: catalogSections, brands }

/** A slug not yet taken in `table` (products, catalog_sections, brands): base, base-2, base-3… */
export async function uniqueSlug(
  db: DB,
  table: 'products' | 'catalog_sections' | 'brands',
  text: string,
  fallback: string,
): Promise<string> {
  const base = slugify(text) || slugify(fallback) || 'item'
  const t = TABLES[table]
  const taken = async (slug: string) => (await db.select({ slug: t.slug }).from(t).where(eq(t.slug, slug))).length > 0
  if (!(await taken(base))) return base
  for (let i = 2; ; i++) {
    const slug = `${base}-${i}`
    if (!(await taken(slug))) return slug
  }
}
