import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { guides, guideWeeklyAvailability, users } from '../../db/schema/index';

/** A guide sold through resellers, with what her product is written from (decision 201). */
export interface ResellableGuide {
  guide: typeof guides.$inferSelect;
  fullName: string;
  weekly: { weekday: number; startMinute: number; endMinute: number }[];
}

/**
 * The guides whose product a reseller may read: listed (active, identity checked, not deleted) and switched
 * on to sell through resellers; `id` narrows it to one. Their weekly hours come in a second statement.
 */
export async function resellableGuides(db: Database, id?: number): Promise<ResellableGuide[]> {
  const rows = await db
    .select({ guide: guides, fullName: users.fullName })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(
      and(
        eq(guides.sellsThroughResellers, true),
        eq(guides.status, 'active'),
        eq(users.identityVerified, true),
        isNull(users.deletedAt),
        id === undefined ? undefined : eq(guides.id, id),
      ),
    )
    .orderBy(asc(guides.id));
  if (rows.length === 0) return [];
  const weekly = await db
    .select({
      guideId: guideWeeklyAvailability.guideId,
      weekday: guideWeeklyAvailability.weekday,
      startMinute: guideWeeklyAvailability.startMinute,
      endMinute: guideWeeklyAvailability.endMinute,
    })
    .from(guideWeeklyAvailability)
    .where(
      inArray(
        guideWeeklyAvailability.guideId,
        rows.map((r) => r.guide.id),
      ),
    )
    .orderBy(asc(guideWeeklyAvailability.startMinute));
  return rows.map((r) => ({ ...r, weekly: weekly.filter((w) => w.guideId === r.guide.id) }));
}
