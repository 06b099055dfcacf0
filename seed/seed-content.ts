/** Services, blog posts and the FAQ. */
import { eq } from 'drizzle-orm'
import type { DB } from '../db/client'
import * as s from '../db/schema'
import { posts } from './data/blog'
import { faqGroups } from './data/faq'
import { serviceSections, services } from './data/services'

export async function seedContent(tx: DB): Promise<void> {
  for (const sec of serviceSections)
    await tx.insert(s.serviceSections).values(sec).onConflictDoUpdate({ target: s.serviceSections.slug, set: sec })
  const serviceSectionIds = new Map(
    (await tx.select({ id: s.serviceSections.id, slug: s.serviceSections.slug }).from(s.serviceSections)).map((r) => [
      r.slug,
      r.id,
    ]),
  )
  for (const [index, sv] of services.entries()) {
    const sectionId = serviceSectionIds.get(sv.sectionSlug)
    if (!sectionId) throw new Error(`Service ${sv.slug}: unknown section`)
    const row = {
      slug: sv.slug,
      sectionId,
      title: sv.title,
      titleEn: sv.titleEn,
      description: sv.description,
      descriptionEn: sv.descriptionEn,
      basePrice: sv.basePrice,
      durationMin: sv.durationMin,
      params: sv.params,
      sort: index,
      bookableOnline: sv.bookableOnline ?? true,
      yclientsServiceId: sv.yclientsServiceId ?? null,
    }
    await tx.insert(s.services).values(row).onConflictDoUpdate({ target: s.services.slug, set: row })
  }

  // Content.
  for (const p of posts) {
    const row = {
      slug: p.slug,
      title: p.title,
      titleEn: p.titleEn,
      excerpt: p.excerpt,
      excerptEn: p.excerptEn,
      html: p.html,
      htmlEn: p.htmlEn,
      image: p.image,
      tags: p.tags,
      publishedAt: Date.parse(p.publishedAt),
    }
    await tx.insert(s.posts).values(row).onConflictDoUpdate({ target: s.posts.slug, set: row })
  }
  for (const [gi, g] of faqGroups.entries()) {
    const [group] = await tx
      .insert(s.faqGroups)
      .values({ slug: g.slug, title: g.title, titleEn: g.titleEn, sort: gi })
      .onConflictDoUpdate({ target: s.faqGroups.slug, set: { title: g.title, titleEn: g.titleEn, sort: gi } })
      .returning({ id: s.faqGroups.id })
    const existing = await tx.select().from(s.faqItems).where(eq(s.faqItems.groupId, group!.id))
    for (const [ii, item] of g.items.entries()) {
      const match = existing.find((e) => e.question === item.question)
      const texts = { questionEn: item.questionEn, answer: item.answer, answerEn: item.answerEn, sort: ii }
      if (match) await tx.update(s.faqItems).set(texts).where(eq(s.faqItems.id, match.id))
      else await tx.insert(s.faqItems).values({ groupId: group!.id, question: item.question, ...texts })
    }
    const keep = g.items.map((i) => i.question)
    for (const e of existing) if (!keep.includes(e.question)) await tx.delete(s.faqItems).where(eq(s.faqItems.id, e.id))
  }
}
