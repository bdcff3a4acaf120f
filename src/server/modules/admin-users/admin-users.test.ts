import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../../shared/availability';
import { jobs, users } from '../../db/schema/index';
import { bearer, signUp, type SignedUp } from '../../test/accounts';
import { makeGuide, tokenFor } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { fullName: 'Console Admin' });
  await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });

/** A traveler's paid booking with a new guide: the pair and the booking's id and number. */
async function paidBooking() {
  const { guide, user: guideUser } = await makeGuide(t.database.db, { name: 'Kyoto Guide' });
  const traveler = await signUp(t, { fullName: 'Wang Traveler' });
  const date = addDays(todayInZone('Asia/Tokyo'), 10);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v2/bookings',
    headers: bearer(traveler.token),
    payload: {
      guideId: guide.id,
      date,
      startTime: '10:00',
      durationHours: 2,
      travelers: 2,
      meetingAddress: 'Kyoto Station',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const booking = created.json();
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/v2/bookings/${booking.id}/payments`,
    headers: { ...bearer(traveler.token), 'idempotency-key': `admin-users-${booking.id}` },
    payload: {
      kind: 'deposit',
      method: 'card',
      cardNumber: '4242 4242 4242 4242',
      expiryDate: '12/34',
      cvv: '123',
      cardHolder: 'Wang',
    },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return { traveler, guide, guideUser, booking };
}

describe('admin users', () => {
  it('finds users by part of the username, e-mail or name, newest first, paged', async () => {
    const a = await signUp(t, { fullName: 'Sakura Findme' });
    const b = await signUp(t, { fullName: 'Other Person' });
    const byName = (await asAdmin('GET', '/api/admin/users?q=findme')).json();
    expect(byName.users.map((u: { id: number }) => u.id)).toEqual([a.id]);
    const byEmail = (await asAdmin('GET', `/api/admin/users?q=${encodeURIComponent(b.email.slice(0, 12))}`)).json();
    expect(byEmail.users.map((u: { id: number }) => u.id)).toContain(b.id);
    // % and _ are searched for literally, not as wildcards.
    expect((await asAdmin('GET', '/api/admin/users?q=%25')).json().total).toBe(0);
    const all = (await asAdmin('GET', '/api/admin/users')).json();
    expect(all).toMatchObject({ page: 1, limit: 20 });
    expect(all.users[0].id).toBeGreaterThan(all.users[1].id);
    expect(JSON.stringify(all)).not.toMatch(/passwordHash|password_hash/);
  });

  it("shows a user's guide listing and bookings on both sides", async () => {
    const { traveler, guideUser, booking } = await paidBooking();
    const asTraveler = (await asAdmin('GET', `/api/admin/users/${traveler.id}`)).json();
    expect(asTraveler.user).toMatchObject({ id: traveler.id, suspendedAt: null, guide: null, identityVerified: false });
    expect(asTraveler.bookings).toEqual([
      expect.objectContaining({
        id: booking.id,
        role: 'traveler',
        status: 'confirmed',
        bookingNumber: booking.bookingNumber,
      }),
    ]);
    const asGuide = (await asAdmin('GET', `/api/admin/users/${guideUser.id}`)).json();
    expect(asGuide.user.guide).toMatchObject({ status: 'active' });
    expect(asGuide.bookings[0]).toMatchObject({ id: booking.id, role: 'guide', traveler: { id: traveler.id } });
    expect((await asAdmin('GET', '/api/admin/users/99999999')).statusCode).toBe(404);
  });

  it('suspends: sessions end at once, login is refused with account_suspended, the listing leaves search; reinstating brings both back', async () => {
    const { guide, user } = await makeGuide(t.database.db, { name: 'Suspend Me', city: 'nara' });
    const token = await tokenFor(t.database.db, user.id);
    expect((await t.app.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(200);
    const inSearch = async () =>
      (await t.app.inject({ url: '/api/v2/guides?city=nara&sort=newest' }))
        .json()
        .data.some((g: { id: number }) => g.id === guide.id);
    expect(await inSearch()).toBe(true);

    const res = await asAdmin('POST', `/api/admin/users/${user.id}/suspend`, {
      reason: 'Asked travelers to pay outside the platform',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      suspensionReason: 'Asked travelers to pay outside the platform',
      guide: { status: 'suspended' },
    });
    expect(res.json().user.suspendedAt).toBeTruthy();
    expect((await t.app.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(401);
    expect(await inSearch()).toBe(false);
    expect((await t.app.inject({ url: `/api/v2/guides/${guide.id}` })).statusCode).toBe(404);
    expect((await asAdmin('POST', `/api/admin/users/${user.id}/suspend`, { reason: 'again' })).statusCode).toBe(409);

    // The password is right, and still: no session.
    await t.database.db.execute(
      sql`update users set password_hash = (select password_hash from users where id = ${admin.id}) where id = ${user.id}`,
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: admin.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('account_suspended');
    // A wrong password says nothing about the suspension.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: 'Wrong2026!x' },
    });
    expect(wrong.json().code).toBe('invalid_credentials');

    const back = await asAdmin('POST', `/api/admin/users/${user.id}/reinstate`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().user).toMatchObject({ suspendedAt: null, suspensionReason: null, guide: { status: 'active' } });
    expect(await inSearch()).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: user.username, password: admin.password },
        })
      ).statusCode,
    ).toBe(200);
    expect((await asAdmin('POST', `/api/admin/users/${user.id}/reinstate`)).statusCode).toBe(409);

    const audit = (await asAdmin('GET', `/api/admin/audit-log?entityType=user&entityId=${user.id}`)).json().entries;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['user.reinstate', 'user.suspend']);
    expect(audit[1].note).toBe('Asked travelers to pay outside the platform');
  });

  it('an admin cannot suspend themself', async () => {
    const res = await asAdmin('POST', `/api/admin/users/${admin.id}/suspend`, { reason: 'oops' });
    expect(res.statusCode).toBe(409);
  });
});

describe('admin bookings', () => {
  it('finds a booking by its number (any case, with or without zeros) and shows its timeline and ledger', async () => {
    const { booking } = await paidBooking();
    const found = (await asAdmin('GET', `/api/admin/bookings?number=${booking.bookingNumber.toLowerCase()}`)).json();
    expect(found.bookings.map((b: { id: number }) => b.id)).toEqual([booking.id]);
    expect((await asAdmin('GET', `/api/admin/bookings?number=TG${booking.id}`)).json().bookings[0]?.id).toBe(
      booking.id,
    );
    expect((await asAdmin('GET', '/api/admin/bookings?number=TG99999999')).json().bookings).toEqual([]);

    const detail = (await asAdmin('GET', `/api/admin/bookings/${booking.id}`)).json();
    expect(detail.booking).toMatchObject({
      id: booking.id,
      status: 'confirmed',
      travelers: 2,
      durationMinutes: 120,
      meetingAddress: 'Kyoto Station',
    });
    expect(detail.timeline.map((e: { event: string }) => e.event)).toEqual(['created', 'payment', 'paid']);
    expect(detail.timeline[1].detail).toMatchObject({ kind: 'deposit', method: 'card', status: 'succeeded' });
    expect(detail.ledger.entries.length).toBeGreaterThan(0);
    expect(detail.ledger.total).toBe(0);
    expect((await asAdmin('GET', '/api/admin/bookings/99999999')).statusCode).toBe(404);
  });
});

describe('dead letters', () => {
  it('lists jobs that failed for good and queues one again, audited', async () => {
    const [job] = await t.database.db
      .insert(jobs)
      .values({
        kind: 'booking.refund',
        payload: { paymentId: 7 },
        status: 'failed',
        attempts: 8,
        lastError: 'provider timeout',
      })
      .returning();
    const list = (await asAdmin('GET', '/api/admin/jobs/failed')).json();
    expect(list.jobs[0]).toMatchObject({
      id: job!.id,
      kind: 'booking.refund',
      attempts: 8,
      lastError: 'provider timeout',
      payload: { paymentId: 7 },
    });

    const retried = await asAdmin('POST', `/api/admin/jobs/${job!.id}/retry`);
    expect(retried.json()).toEqual({ id: job!.id, status: 'queued' });
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(row).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await asAdmin('GET', '/api/admin/jobs/failed')).json().jobs.map((j: { id: number }) => j.id)).not.toContain(
      job!.id,
    );
    expect((await asAdmin('POST', `/api/admin/jobs/${job!.id}/retry`)).statusCode).toBe(404);
    const audit = (await asAdmin('GET', `/api/admin/audit-log?entityType=job&entityId=${job!.id}`)).json().entries;
    expect(audit[0]).toMatchObject({
      action: 'job.retry',
      before: { lastError: 'provider timeout' },
      after: { status: 'queued' },
    });
  });
});
