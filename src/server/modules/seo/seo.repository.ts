import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { guideItineraries, guides } from '../../db/schema/index';

/** The guides of `listedIds` with their last change, and their itineraries: one query each. */
export async function listedPages(db: Database, listedIds: readonly number[]) {
  if (!listedIds.length) return { listed: [], itineraries: [] };
  const ids = sql`${`{${listedIds.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
  const [listed, itineraries] = await Promise.all([
    db
      .select({ id: guides.id, updatedAt: guides.updatedAt })
      .from(guides)
      .where(sql`${guides.id} = any(${ids})`)
      .orderBy(asc(guides.id)),
    db
      .select({ id: guideItineraries.id })
      .from(guideItineraries)
      .where(sql`${guideItineraries.guideId} = any(${ids})`)
      .orderBy(asc(guideItineraries.id)),
  ]);
  return { listed, itineraries };
}
