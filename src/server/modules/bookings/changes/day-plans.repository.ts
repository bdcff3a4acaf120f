import { eq } from 'drizzle-orm';
import type { StoredDayPlan } from '../../../../shared/booking/family-plans';
import type { Database } from '../../../db/client';
import { bookings } from '../../../db/schema/index';

/** A booking's plan for each day as now agreed (decision 178); null when no day has one. */
export async function setDayPlans(tx: Database, id: number, plans: StoredDayPlan[], now: Date): Promise<void> {
  await tx
    .update(bookings)
    .set({ dayPlans: plans.length ? plans : null, updatedAt: now })
    .where(eq(bookings.id, id));
}
