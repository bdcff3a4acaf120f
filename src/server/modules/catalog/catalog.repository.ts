import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, serviceCategories, serviceSubcategories } from '../../db/schema/index';

export function listCities(db: Database) {
  return db
    .select({ slug: cities.slug, nameEn: cities.nameEn, nameCn: cities.nameCn, timeZone: cities.timeZone })
    .from(cities)
    .orderBy(asc(cities.sortOrder));
}

/** Categories with their subcategories in two queries (never one per category). */
export async function listServiceCategories(db: Database) {
  const [categories, subcategories] = await Promise.all([
    db.select().from(serviceCategories).orderBy(asc(serviceCategories.sortOrder)),
    db.select().from(serviceSubcategories).orderBy(asc(serviceSubcategories.sortOrder)),
  ]);
  return categories.map((c) => ({
    id: c.id,
    nameEn: c.nameEn,
    nameCn: c.nameCn,
    nameJa: c.nameJa,
    subcategories: subcategories
      .filter((s) => s.categoryId === c.id)
      .map((s) => ({ id: s.id, nameEn: s.nameEn, nameCn: s.nameCn, nameJa: s.nameJa })),
  }));
}
