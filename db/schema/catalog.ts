import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { timestamp } from './_helpers'

export interface ImageRef {
  src: string
  width: number
  height: number
  alt: string
}

export const catalogSections = sqliteTable('catalog_sections', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  titleEn: text('title_en').notNull(),
  description: text('description').notNull(),
  /** English texts of seeded content; null = no translation (the page says so and shows the Russian text). */
  descriptionEn: text('description_en'),
  sort: integer('sort').notNull().default(0),
  /** 1C's `Ид` of the group this section comes from (CommerceML exchange); null = seeded here. */
  externalId: text('external_id').unique(),
})

export const brands = sqliteTable('brands', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  nameRu: text('name_ru').notNull(),
  country: text('country').notNull(),
  countryEn: text('country_en'),
})

/** Filter dictionaries: hair types and purposes (code → labels). */
export const productProperties = sqliteTable(
  'product_properties',
  {
    id: integer('id').primaryKey(),
    kind: text('kind', { enum: ['hair-type', 'purpose'] }).notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    labelEn: text('label_en').notNull(),
  },
  (t) => [uniqueIndex('product_properties_kind_code_uq').on(t.kind, t.code)],
)

export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => catalogSections.id),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    description: text('description').notNull(),
    descriptionEn: text('description_en'),
    image: text('image', { mode: 'json' }).$type<ImageRef>().notNull(),
    gallery: text('gallery', { mode: 'json' }).$type<ImageRef[]>().notNull(),
    popularity: integer('popularity').notNull().default(0),
    /** Denormalised from the options on every seed/stock change: the cheapest price and total stock. */
    minPrice: integer('min_price').notNull().default(0),
    totalStock: integer('total_stock').notNull().default(0),
    /** 1C's `Ид` of the product (CommerceML exchange); null = seeded here. */
    externalId: text('external_id').unique(),
    /** Hidden products (absent from a full 1C import) stay for the orders that name them, unseen. */
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    /** Properties from 1C that have no filter of their own: [{name, value}], shown on the product page. */
    attributes: text('attributes', { mode: 'json' }).$type<{ name: string; value: string }[]>().notNull().default([]),
    attributesEn: text('attributes_en', { mode: 'json' }).$type<{ name: string; value: string }[]>(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    index('products_section_idx').on(t.sectionId, t.popularity),
    index('products_brand_idx').on(t.brandId),
    index('products_price_idx').on(t.minPrice),
    index('products_created_idx').on(t.createdAt),
  ],
)

/** Links products to hair-type and purpose properties (many-to-many). */
export const productPropertyLinks = sqliteTable(
  'product_property_links',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => productProperties.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('product_property_links_pk').on(t.productId, t.propertyId),
    index('product_property_links_prop_idx').on(t.propertyId),
  ],
)

/**
 * Volume options ("offers"). Their ids live in a range disjoint from product ids
 * (from 1 000 001), so a cart call may name either a product or one of its offers.
 */
export const productOffers = sqliteTable(
  'product_offers',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    volume: integer('volume').notNull(),
    price: integer('price').notNull(),
    oldPrice: integer('old_price'),
    stock: integer('stock').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    /** 1C's `Ид` of the offer (`product#characteristic`); null = seeded here. */
    externalId: text('external_id').unique(),
  },
  (t) => [index('product_offers_product_idx').on(t.productId), index('product_offers_volume_idx').on(t.volume)],
)
