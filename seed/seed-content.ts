/** Services, blog posts and the FAQ. */
import { eq } from 'drizzle-orm'
import type { DB } from '../db/client'
import * as s from '../db/schema'
import { posts } from './data/blog'
import { faqGroups } from './data/faq'
import { serviceSections, services } from './data/services'

export function seedContent(tx: DB) {
  for (const sec of serviceSections)
    tx.insert(s.serviceSections).values(sec).onConflictDoUpdate({ target: s.serviceSections.slug, set: sec }).run()
  const serviceSectionIds = new Map(
    tx
      .select({ id: s.serviceSections.id, slug: s.serviceSections.slug })
      .from(s.serviceSections)
      .all()
      .map((r) => [r.slug, r.id]),
  )
  services.forEach((sv, index) => {
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
    }
    tx.insert(s.services).values(row).onConflictDoUpdate({ target: s.services.slug, set: row }).run()
  })

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
    tx.insert(s.posts).values(row).onConflictDoUpdate({ target: s.posts.slug, set: row }).run()
  }
  faqGroups.forEach((g, gi) => {
    const group = tx
      .insert(s.faqGroups)
      .values({ slug: g.slug, title: g.title, titleEn: g.titleEn, sort: gi })
      .onConflictDoUpdate({ target: s.faqGroups.slug, set: { title: g.title, titleEn: g.titleEn, sort: gi } })
      .returning({ id: s.faqGroups.id })
      .get()
    const existing = tx.select().from(s.faqItems).where(eq(s.faqItems.groupId, group.id)).all()
    g.items.forEach((item, ii) => {
      const match = existing.find((e) => e.question === item.question)
      const texts = { questionEn: item.questionEn, answer: item.answer, answerEn: item.answerEn, sort: ii }
      if (match) tx.update(s.faqItems).set(texts).where(eq(s.faqItems.id, match.id)).run()
      else
        tx.insert(s.faqItems)
          .values({ groupId: group.id, question: item.question, ...texts })
          .run()
    })
    const keep = g.items.map((i) => i.question)
    for (const e of existing)
      if (!keep.includes(e.question)) tx.delete(s.faqItems).where(eq(s.faqItems.id, e.id)).run()
  })
}
