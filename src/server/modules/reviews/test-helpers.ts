import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import type { TestApp } from '../../test/test-app';
import { confirmedBooking, type Person } from '../bookings/test-helpers';

/**
 * Test-only: a booking paid through the API and accepted by the guide, then moved to `status` in the
 * database (the on-tour steps are another module's; these suites test what follows them).
 */
export async function bookingIn(
  t: TestApp,
  traveler: Person,
  guide: Person & { guideId: number },
  date: string,
  status: 'completed' | 'ongoing',
  completedAt: Date = new Date(),
): Promise<number> {
  const id = await confirmedBooking(t, traveler, guide.guideId, date);
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/api/v2/bookings/${id}/accept`,
    headers: auth(guide.token),
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  await t.database.db
    .update(bookings)
    .set({
      status,
      completedAt: status === 'completed' ? completedAt : null,
      travelerConfirmedStart: true,
      guideConfirmedStart: true,
    })
    .where(eq(bookings.id, id));
  return id;
}
