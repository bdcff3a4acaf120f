import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, pgErrorCode } from '../../db/client';
import { rowsOf } from '../../db/raw-row';
import { payments } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, guide as chatGuide, offerBody, openChat } from '../messaging/test-helpers';
import { SIMULATED_SIGNATURE_HEADER } from '../payments/index';
import {
  book,
  CARD_OK,
  confirmedBooking,
  daysAhead,
  guidePerson,
  newKey,
  pay,
  person,
  type Person,
} from './test-helpers';

/**
 * One charge per deposit or extension whatever the method or the Idempotency-Keys (decision 100):
 * while a wallet attempt is open, another attempt gets that same attempt (its approval link) or, for
 * another method, cancels it at the provider first. Before, 5 Alipay attempts one after another
 * made 5 charges (4 refunded) and 20 at once made 4. Every approval link a traveler was given is
 * approved here, as the most impatient traveler would; the provider must still have charged once.
 */
let t: TestApp;
let traveler: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  admin = await person(t, { admin: true });
  guide = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

const ALIPAY = { kind: 'deposit', method: 'alipay', alipayAccount: 'liwei@example.cn' } as const;
const WECHAT = { kind: 'deposit', method: 'wechat', wechatId: 'liwei88' } as const;

const newBooking = async (days: number) =>
  (
    await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(days),
      startTime: '10:00',
      durationHours: 2,
      travelers: 1,
    })
  ).json().id as number;
const bookingOf = async (id: number) =>
  (await t.app.inject({ url: `/api/v2/bookings/${id}`, headers: auth(traveler.token) })).json();
const ledger = async (id: number) =>
  (await t.app.inject({ url: `/api/admin/bookings/${id}/ledger`, headers: auth(admin.token) })).json();

/** The traveler approves a wallet link on the provider's page (the demo page posts this signed event). */
function approve(approvalUrl: string) {
  const q = new URLSearchParams(approvalUrl.split('?')[1]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/payments/webhooks/simulated',
    headers: { 'content-type': 'application/json', [SIMULATED_SIGNATURE_HEADER]: q.get('signature')! },
    payload: JSON.stringify({ type: 'payment.succeeded', ref: q.get('ref') }),
  });
}

/**
 * What the booking's payments of a kind came to: attempts charged (kept or refunded), still open, and the provider's
 * charges.
 */
async function charges(bookingId: number, kind: 'deposit' | 'extension' = 'deposit') {
  const db = t.database.db;
  const rows = await db
    .select()
    .from(payments)
    .where(sql`booking_id = ${bookingId} and kind = ${kind}`);
  const [provider] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from simulated_charges
       where status = 'succeeded' and payment_id in (select id from payments where booking_id = ${bookingId} and kind = ${kind})`),
  );
  return {
    charged: rows.filter((p) => ['succeeded', 'refunded', 'partially_refunded'].includes(p.status)).length,
    refunded: rows.filter((p) => p.refundedCents > 0).length,
    open: rows.filter((p) => p.status === 'processing' || p.status === 'pending').length,
    atProvider: provider!.n,
  };
}

/** Every reply is the one attempt (201, same id and link) or a clean 409 payment_in_progress; never a 5xx. */
function oneAttempt(
  replies: {
    statusCode: number;
    body: string;
    json(): { code?: string; retryAfter?: number; payment: { id: number; approvalUrl: string | null; status: string } };
  }[],
) {
  for (const r of replies) expect([201, 409], r.body).toContain(r.statusCode);
  for (const r of replies.filter((x) => x.statusCode === 409))
    expect(r.json()).toMatchObject({ code: 'payment_in_progress', retryAfter: expect.any(Number) });
  const ok = replies.filter((r) => r.statusCode === 201).map((r) => r.json().payment);
  expect(ok.length).toBeGreaterThan(0);
  return ok;
}

describe('a wallet deposit paid again under new Idempotency-Keys', () => {
  it('5 Alipay attempts one after another: the same attempt and link each time, one charge', async () => {
    const id = await newBooking(20);
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await pay(t, traveler, id, ALIPAY, newKey()));
    const links = new Set(replies.map((r) => r.json().payment?.approvalUrl as string));
    for (const link of links) expect((await approve(link)).statusCode).toBe(200);
    expect(await charges(id)).toEqual({ charged: 1, refunded: 0, open: 0, atProvider: 1 });
    const ok = oneAttempt(replies);
    expect(ok).toHaveLength(5);
    expect(new Set(ok.map((p) => p.id)).size).toBe(1);
    expect(links.size).toBe(1);
    const after = await bookingOf(id);
    expect(after.status).toBe('confirmed');
    expect(after.payments).toMatchObject([{ id: ok[0]!.id, method: 'alipay', status: 'succeeded' }]);
    expect((await ledger(id)).balance).toEqual({ traveler: -12_000, guide: 0, platform: 12_000, total: 0 });
    // Paid: another attempt, any method, any key, is 409 already_paid and charges nothing.
    for (const body of [ALIPAY, WECHAT, CARD_OK])
      expect((await pay(t, traveler, id, body, newKey())).json().code).toBe('already_paid');
    expect(await charges(id)).toEqual({ charged: 1, refunded: 0, open: 0, atProvider: 1 });
  });

  it('20 WeChat Pay attempts at once: one attempt (or 409 payment_in_progress), one charge', async () => {
    const id = await newBooking(21);
    const replies = await Promise.all(Array.from({ length: 20 }, () => pay(t, traveler, id, WECHAT, newKey())));
    const ok = oneAttempt(replies);
    const links = new Set(ok.map((p) => p.approvalUrl!));
    await Promise.all([...links].map((link) => approve(link)));
    expect(await charges(id)).toEqual({ charged: 1, refunded: 0, open: 0, atProvider: 1 });
    expect(new Set(ok.map((p) => p.id)).size).toBe(1);
    expect(links.size).toBe(1);
    expect(await t.database.db.$count(payments, sql`booking_id = ${id}`)).toBe(1);
    expect((await bookingOf(id)).status).toBe('confirmed');
  });

  it('12 attempts at once in three methods: clean 201s and 409s, never two open attempts, one charge', async () => {
    const id = await newBooking(28);
    const bodies = [ALIPAY, WECHAT, CARD_OK];
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => pay(t, traveler, id, bodies[i % 3]!, newKey())),
    );
    for (const r of replies) {
      expect([201, 409], r.body).toContain(r.statusCode);
      if (r.statusCode === 409) expect(['payment_in_progress', 'already_paid']).toContain(r.json().code);
    }
    const links = new Set(
      replies
        .map((r) => r.statusCode === 201 && (r.json().payment.approvalUrl as string | null))
        .filter((l): l is string => !!l),
    );
    await Promise.all([...links].map((link) => approve(link)));
    const after = await charges(id);
    expect(after.open).toBeLessThanOrEqual(1);
    expect(after).toMatchObject({ charged: after.open ? 0 : 1, refunded: 0, atProvider: after.charged });
  });

  it('another method cancels the open attempt at the provider first: its link charges nothing', async () => {
    const id = await newBooking(22);
    const first = (await pay(t, traveler, id, ALIPAY, newKey())).json().payment;
    const second = await pay(t, traveler, id, WECHAT, newKey());
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().payment).toMatchObject({ method: 'wechat', status: 'pending' });
    expect(second.json().payment.id).not.toBe(first.id);
    // The Alipay link was cancelled at the provider: approving it now is refused there, nothing moves.
    const late = await approve(first.approvalUrl);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('payment_canceled');
    expect((await bookingOf(id)).payments).toMatchObject([
      { id: first.id, status: 'failed' },
      { id: second.json().payment.id, status: 'pending' },
    ]);
    const [cancelled] = await t.database.db
      .select()
      .from(payments)
      .where(sql`id = ${first.id}`);
    expect(cancelled).toMatchObject({ failureCode: 'canceled', nextAction: null });
    // A card after an open wallet attempt: the wallet's is cancelled, the card charged once.
    const card = await pay(t, traveler, id, CARD_OK, newKey());
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json().payment).toMatchObject({ method: 'card', status: 'succeeded' });
    expect((await approve(second.json().payment.approvalUrl)).statusCode).toBe(409);
    expect(await charges(id)).toEqual({ charged: 1, refunded: 0, open: 0, atProvider: 1 });
    expect((await bookingOf(id)).status).toBe('confirmed');
  });

  it('a link approved while the next attempt cancels it: the provider keeps the approval, the new attempt is already_paid', async () => {
    const id = await newBooking(23);
    const first = (await pay(t, traveler, id, ALIPAY, newKey())).json().payment;
    // The approval reached the provider, its webhook not yet: the cancel finds the charge made.
    const ref = new URLSearchParams(first.approvalUrl.split('?')[1]).get('ref')!;
    await t.database.db.execute(sql`update simulated_charges set status = 'succeeded' where provider_ref = ${ref}`);
    const next = await pay(t, traveler, id, WECHAT, newKey());
    expect(next.statusCode).toBe(409);
    expect(next.json().code).toBe('already_paid');
    expect(await charges(id)).toEqual({ charged: 1, refunded: 0, open: 0, atProvider: 1 });
    expect((await bookingOf(id)).payments).toMatchObject([{ id: first.id, status: 'succeeded' }]);
  });

  it('an open attempt without a link to give (none recorded) is cancelled, not reused: the payer gets one that works', async () => {
    const id = await newBooking(29);
    const first = (await pay(t, traveler, id, ALIPAY, newKey())).json().payment;
    await t.database.db
      .update(payments)
      .set({ nextAction: null })
      .where(sql`id = ${first.id}`);
    const next = await pay(t, traveler, id, ALIPAY, newKey());
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().payment).toMatchObject({
      status: 'pending',
      approvalUrl: expect.stringMatching(/^\/payment-demo\?/),
    });
    expect(next.json().payment.id).not.toBe(first.id);
    expect((await approve(first.approvalUrl)).json().code).toBe('payment_canceled');
    expect((await approve(next.json().payment.approvalUrl)).statusCode).toBe(200);
    expect(await charges(id)).toEqual({ charged: 1, refunded: 0, open: 0, atProvider: 1 });
  });

  it('the database holds one open attempt per deposit: a second one is refused', async () => {
    const id = await newBooking(24);
    const open = (await pay(t, traveler, id, ALIPAY, newKey())).json().payment;
    const second = {
      bookingId: id,
      payerId: traveler.id,
      kind: 'deposit' as const,
      method: 'wechat' as const,
      provider: 'simulated',
      idempotencyKey: newKey(),
      requestHash: 'x',
      amountCents: open.amountCents,
    };
    const err = await t.database.db
      .insert(payments)
      .values(second)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(pgErrorCode(err)).toBe('23505');
    // A settled attempt does not count: once it failed, a new one may open.
    await t.database.db
      .update(payments)
      .set({ status: 'failed' })
      .where(sql`id = ${open.id}`);
    await t.database.db.insert(payments).values({ ...second, idempotencyKey: newKey() });
  });

  it('migration 0027 keeps the newest of the open attempts a deposit had before it, and builds the index', async () => {
    const db = t.database.db;
    const id = await newBooking(27);
    await db.execute(sql`drop index payments_one_open_per_charge`);
    const attempt = (status: 'pending' | 'processing') => ({
      bookingId: id,
      payerId: traveler.id,
      kind: 'deposit' as const,
      method: 'alipay' as const,
      provider: 'simulated',
      idempotencyKey: newKey(),
      requestHash: 'x',
      amountCents: 12_000,
      status,
    });
    await db.insert(payments).values([attempt('pending'), attempt('pending'), attempt('processing')]);
    const migration = readFileSync(path.join(migrationsFolder, '0027_one_open_attempt_per_charge.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const rows = await db
      .select()
      .from(payments)
      .where(sql`booking_id = ${id}`)
      .orderBy(payments.id);
    expect(rows.map((p) => [p.status, p.failureCode])).toEqual([
      ['failed', 'superseded'],
      ['failed', 'superseded'],
      ['processing', null],
    ]);
    const err = await db
      .insert(payments)
      .values(attempt('pending'))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(pgErrorCode(err)).toBe('23505');
  });
});

describe('the same rule for offers and extensions', () => {
  it('a booking from an offer: 5 wallet attempts, one attempt and one charge', async () => {
    const g = await chatGuide(t, 'Offer Guide');
    const chat = await openChat(t, traveler, g.guideId);
    const offer = await call(t, g, 'POST', `/api/v2/conversations/${chat}/offers`, offerBody(daysAhead(25)));
    expect(offer.statusCode, offer.body).toBe(201);
    const id = (await book(t, traveler, { offerId: offer.json().data.id })).json().id as number;
    const replies = [];
    for (let i = 0; i < 5; i++)
      replies.push(
        await pay(t, traveler, id, i % 2 ? ALIPAY : { ...ALIPAY, alipayAccount: `li${i}@example.cn` }, newKey()),
      );
    for (const link of new Set(replies.map((r) => r.json().payment?.approvalUrl as string))) await approve(link);
    expect(await charges(id)).toEqual({ charged: 1, refunded: 0, open: 0, atProvider: 1 });
    expect(new Set(oneAttempt(replies).map((p) => p.id)).size).toBe(1);
    expect((await bookingOf(id)).status).toBe('upcoming');
  });

  it('an extension: repeated wallet attempts are one; another method cancels; paying a new request cancels the withdrawn request’s link', async () => {
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(26));
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${id}/accept`,
      headers: auth(guide.token),
    });
    t.app.bookings.now = () => new Date(Date.parse(accepted.json().startsAt) + 10 * 60_000);
    for (const [who, userType] of [
      [traveler, 'traveler'],
      [guide, 'guide'],
    ] as const) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/bookings/${id}/confirm-start`,
        headers: auth(who.token),
        payload: { userType },
      });
    }
    const request = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/${id}/request-extension`,
        headers: auth(traveler.token),
        payload: { extensionHours: 0.5 },
      });
    expect((await request()).statusCode).toBe(200);
    const EXT_ALIPAY = { ...ALIPAY, kind: 'extension' };
    const replies = await Promise.all(Array.from({ length: 8 }, () => pay(t, traveler, id, EXT_ALIPAY, newKey())));
    for (let i = 0; i < 3; i++) replies.push(await pay(t, traveler, id, EXT_ALIPAY, newKey()));
    const ok = oneAttempt(replies);
    expect(new Set(ok.map((p) => p.id)).size).toBe(1);
    // The traveler withdraws, asks again and pays by WeChat Pay: the first request's link is cancelled.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v2/bookings/${id}/extension/withdraw`,
          headers: auth(traveler.token),
        })
      ).statusCode,
    ).toBe(200);
    expect((await request()).statusCode).toBe(200);
    const wechat = await pay(t, traveler, id, { ...WECHAT, kind: 'extension' }, newKey());
    expect(wechat.statusCode, wechat.body).toBe(201);
    expect((await approve(ok[0]!.approvalUrl!)).json().code).toBe('payment_canceled');
    expect((await approve(wechat.json().payment.approvalUrl)).statusCode).toBe(200);
    expect(await charges(id, 'extension')).toEqual({ charged: 1, refunded: 0, open: 0, atProvider: 1 });
    expect((await bookingOf(id)).extension).toMatchObject({ status: 'paid' });
    expect((await ledger(id)).balance.total).toBe(0);
  });
});
