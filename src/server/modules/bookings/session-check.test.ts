import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hashPassword } from '../auth/index';
import { book, daysAhead, guidePerson, pay, person, type Person } from './test-helpers';

/**
 * The checkout and the deposit read the token only; each checks the session in its own first
 * statement (decision 149). Whatever ends a session — a logout, a password change, a suspension —
 * takes effect on the next request: 401 before anything else is answered, a missing guide or
 * booking included, and nothing is written.
 */
let t: TestApp;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  guide = await guidePerson(t);
});
afterAll(() => t?.close());

let day = 40;
const slot = () => ({
  guideId: guide.guideId,
  date: daysAhead(day++),
  startTime: '10:00',
  durationHours: 2,
  travelers: 1,
});

const ENDINGS: { name: string; end: (who: Person) => Promise<unknown> }[] = [
  {
    name: 'a logout',
    end: (who) => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth(who.token) }),
  },
  {
    name: 'a password change (on this device, with the old token)',
    end: async (who) => {
      await t.database.db
        .update(users)
        .set({ passwordHash: await hashPassword('Old-Passw0rd-2026!') })
        .where(eq(users.id, who.id));
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/me/password',
        headers: auth(who.token),
        payload: {
          currentPassword: 'Old-Passw0rd-2026!',
          newPassword: 'New-Passw0rd-2026!',
          confirmPassword: 'New-Passw0rd-2026!',
        },
      });
      expect(res.statusCode).toBe(200);
    },
  },
  {
    name: 'a suspension',
    end: async (who) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${who.id}/suspend`,
        headers: auth(admin.token),
        payload: { reason: 'Card testing' },
      });
      expect(res.statusCode).toBe(200);
    },
  },
];

describe('the checkout and the deposit check the session in their own statement', () => {
  it.each(ENDINGS)(
    'after $name: creating and paying answer 401, a missing guide or booking too, and nothing is written',
    async ({ end }) => {
      const who = await person(t);
      const made = await book(t, who, slot());
      expect(made.statusCode).toBe(201);
      await end(who);

      const created = await book(t, who, slot());
      expect(created.statusCode).toBe(401);
      expect(created.json()).toMatchObject({
        code: 'unauthorized',
        message: 'This session has ended. Please log in again.',
      });
      expect((await book(t, who, { ...slot(), guideId: 999_999 })).statusCode).toBe(401);

      const paid = await pay(t, who, made.json().id);
      expect(paid.statusCode).toBe(401);
      expect((await pay(t, who, 999_999)).statusCode).toBe(401);

      // Nothing was written: the booking is unpaid, and no other booking was made.
      const mine = await t.database.db.query.bookings.findMany({ where: (b, { eq: is }) => is(b.travelerId, who.id) });
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ status: 'pending', paidAt: null });
    },
  );

  it('with a live session: a missing guide or booking is a 404, and another traveler’s booking too', async () => {
    const who = await person(t);
    const other = await person(t);
    expect((await book(t, who, { ...slot(), guideId: 999_999 })).statusCode).toBe(404);
    expect((await pay(t, who, 999_999)).statusCode).toBe(404);
    const theirs = await book(t, other, slot());
    expect((await pay(t, who, theirs.json().id)).statusCode).toBe(404);
    const made = await book(t, who, slot());
    expect((await pay(t, who, made.json().id)).statusCode).toBe(201);
  });
});
