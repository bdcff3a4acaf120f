import { DEFAULT_GUIDE_TIME_ZONE, SERVICE_CITIES } from '../../../shared/cities';
import { SERVICE_CATALOGUE } from '../../../shared/service-categories';
import type { Database } from '../client';
import { cities, serviceCategories, serviceSubcategories } from '../schema/index';

/** The ten service cities and the service catalogue, in a fixed order. */
export async function seedCatalog(db: Database): Promise<void> {
  await db
    .insert(cities)
    .values(SERVICE_CITIES.map((c, i) => ({ ...c, timeZone: DEFAULT_GUIDE_TIME_ZONE, sortOrder: i })))
    .onConflictDoNothing();
  for (const [i, category] of SERVICE_CATALOGUE.entries()) {
    const [row] = await db
      .insert(serviceCategories)
      .values({
        slug: category.slug,
        nameEn: category.nameEn,
        nameCn: category.nameCn,
        nameJa: category.nameJa,
        sortOrder: i,
      })
      .returning({ id: serviceCategories.id });
    await db
      .insert(serviceSubcategories)
      .values(category.subcategories.map((s, j) => ({ ...s, categoryId: row!.id, sortOrder: j })));
  }
}
