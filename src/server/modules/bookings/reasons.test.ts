import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, systemMessages, users } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from './test-helpers';

/** Every "no" has its reason, on the trip, in the notification and in the e-mail. */
let t: TestApp;
let guide: Awaited<ReturnType<typeof guidePerson>>;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  guide = await guidePerson(t);
});
afterAll(() => t.close());

const get = async (id: number, who: Person) =>
  (await t.app.inject({ url: `/api/v2/bookings/${id}`, headers: auth(who.token) })).json();

/** The notice titled `title` about booking `id` that `userId` got, once written (notices follow the commit). */
async function notice(userId: number, id: number, title: string) {
  for (let i = 0; i < 100; i++) {
    const all = await t.database.db
      .select()
      .from(systemMessages)
      .where(and(eq(systemMessages.userId, userId), eq(systemMessages.relatedEntityId, id)));
    const m = all.find((x) => x.title === title);
    if (m) return m;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no notice "${title}"`);
}

async function mailTo(userId: number, subject: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.id, userId));
  for (let i = 0; i < 100; i++) {
    const mail = (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, u!.email!))).find(
      (m) => m.subject === subject,
    );
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail "${subject}"`);
}

describe('reasons reach the other side', () => {
  it("the guide's decline: the traveler's trip, notice and e-mail quote it", async () => {
    const traveler = await person(t);
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(20));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${id}/decline`,
      headers: auth(guide.token),
      payload: { reason: 'I am guiding a school group that week' },
    });
    expect(res.statusCode).toBe(200);
    expect(await get(id, traveler)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'guide',
      cancelReason: 'I am guiding a school group that week',
    });
    expect((await notice(traveler.id, id, 'Your booking was declined')).message).toContain(
      'Reason: “I am guiding a school group that week”.',
    );
    expect((await mailTo(traveler.id, 'Your booking was declined')).textBody).toContain(
      'I am guiding a school group that week',
    );
  });

  it("the traveler's cancellation with their words: the guide's notice quotes them", async () => {
    const traveler = await person(t);
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(21));
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}/status`,
      headers: auth(traveler.token),
      payload: { status: 'cancelled', reason: 'Our flight was cancelled' },
    });
    expect(res.statusCode).toBe(200);
    const m = await notice(guide.id, id, 'The traveler cancelled the booking');
    expect(m.message).toContain('Reason: “Our flight was cancelled”.');
    // A reason too long is refused with the field's path.
    const other = await confirmedBooking(t, traveler, guide.guideId, daysAhead(22));
    const long = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${other}/status`,
      headers: auth(traveler.token),
      payload: { status: 'cancelled', reason: 'x'.repeat(501) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields[0].path).toContain('reason');
  });

  it('a request the guide never answered: the traveler is told it lapsed for that reason, refunded in full', async () => {
    const traveler = await person(t);
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(23));
    await t.app.jobs.tick(new Date(Date.now() + 49 * 3_600_000));
    expect(await get(id, traveler)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'system',
      cancelReason: 'request_expired',
    });
    const m = await notice(traveler.id, id, 'Booking lapsed: no answer from the guide');
    expect(m.message).toMatch(
      /did not answer booking TG\d+ in time, so it was cancelled\. [\d,.]+ RMB will be refunded\./,
    );
  });
});
