import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** The ten service cities and their time zone. */
export const cities = pgTable('cities', {
  slug: text('slug').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameCn: text('name_cn').notNull(),
  timeZone: text('time_zone').notNull(),
  sortOrder: smallint('sort_order').notNull().default(0),
});

export const serviceCategories = pgTable(
  'service_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    nameEn: text('name_en').notNull(),
    nameCn: text('name_cn').notNull(),
    nameJa: text('name_ja').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('service_categories_slug_key').on(t.slug)],
);

export const serviceSubcategories = pgTable(
  'service_subcategories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => serviceCategories.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    nameEn: text('name_en').notNull(),
    nameCn: text('name_cn').notNull(),
    nameJa: text('name_ja').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('service_subcategories_slug_key').on(t.slug),
    index('service_subcategories_category_idx').on(t.categoryId),
  ],
);
