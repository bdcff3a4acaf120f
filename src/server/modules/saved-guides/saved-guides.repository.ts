import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { guides, savedGuides, users } from '../../db/schema/index';
import { summaryColumns, type SummaryRow } from '../guides/index';

/** One page of a traveler's saved guides, newest first, with the total (two queries). */
export async function listSaved(db: Database, travelerId: number, page: number, limit: number) {
  const visible = and(eq(savedGuides.travelerId, travelerId), eq(guides.status, 'active'));
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(savedGuides)
      .innerJoin(guides, eq(guides.id, savedGuides.guideId))
      .innerJoin(users, eq(users.id, guides.userId))
      .where(visible)
      .orderBy(desc(savedGuides.createdAt), desc(savedGuides.guideId))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(savedGuides)
      .innerJoin(guides, eq(guides.id, savedGuides.guideId))
      .where(visible),
  ]);
  return { rows: rows as SummaryRow[], total: Number(count?.total ?? 0) };
}

export async function guideForSaving(db: Database, guideId: number) {
  const [row] = await db
    .select({ id: guides.id, userId: guides.userId, status: guides.status })
    .from(guides)
    .where(eq(guides.id, guideId));
  return row;
}

/** Saving twice is harmless. */
export async function saveGuide(db: Database, travelerId: number, guideId: number): Promise<void> {
  await db.insert(savedGuides).values({ travelerId, guideId }).onConflictDoNothing();
}

export async function unsaveGuide(db: Database, travelerId: number, guideId: number): Promise<void> {
  await db.delete(savedGuides).where(and(eq(savedGuides.travelerId, travelerId), eq(savedGuides.guideId, guideId)));
}
