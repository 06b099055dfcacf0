import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core'
import { timestamp } from './_helpers'

export const posts = sqliteTable(
  'posts',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    html: text('html').notNull(),
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
    answer: text('answer').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('faq_items_group_idx').on(t.groupId)],
)
