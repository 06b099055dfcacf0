import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core'
import { timestamp } from './_helpers'

export const posts = sqliteTable(
  'posts',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    excerpt: text('excerpt').notNull(),
    excerptEn: text('excerpt_en'),
    html: text('html').notNull(),
    htmlEn: text('html_en'),
    image: text('image').notNull(),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull(),
    publishedAt: timestamp('published_at').notNull(),
  },
  (t) => [index('posts_published_idx').on(t.publishedAt)],
)

export const faqGroups = sqliteTable('faq_groups', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  titleEn: text('title_en'),
  sort: integer('sort').notNull().default(0),
})

export const faqItems = sqliteTable(
  'faq_items',
  {
    id: integer('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => faqGroups.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    questionEn: text('question_en'),
    answer: text('answer').notNull(),
    answerEn: text('answer_en'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('faq_items_group_idx').on(t.groupId)],
)
