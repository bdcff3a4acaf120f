import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';

/**
 * The wallet (decision 067): balances from a real history (a booking completed, earnings
 * pending, then withdrawable once the clock passes `available_at`), payout requests never above the
 * withdrawable balance (also when sent at once), ownership, and the admin's steps with their entries.
 */
let t: TestApp;
let traveler: Person;
let stranger: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let otherGuide: Awaited<ReturnType<typeof guidePerson>>;

type Who = Person | null;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Who, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who ? auth(who.token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const wallet = async (who: Who) => (await call('GET', '/api/v2/wallet', who)).json();
const withdraw = (who: Who, amountCents: number, extra: object = {}) =>
  call('POST', '/api/v2/wallet/withdrawals', who, {
    amountCents,
    method: 'alipay',
    accountName: 'Tanaka Yui',
    accountNumber: 'yui@example.com',
    ...extra,
  });

/** Books, accepts, starts and completes a tour with `guide`; returns the guide's earnings entry. */
async function completedTour(days: number) {
  const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(days));
  const accepted = await call('POST', `/api/v2/bookings/${id}/accept`, guide);
  expect(accepted.statusCode).toBe(200);
  t.app.bookings.now = () => new Date(Date.parse(accepted.json().startsAt) + 10 * 60_000);
  expect(
    (await call('PATCH', `/api/bookings/${id}/confirm-start`, traveler, { userType: 'traveler' })).statusCode,
  ).toBe(200);
  expect((await call('PATCH', `/api/bookings/${id}/confirm-start`, guide, { userType: 'guide' })).json().status).toBe(
    'ongoing',
  );
  expect((await call('PATCH', `/api/bookings/${id}/status`, traveler, { status: 'completed' })).statusCode).toBe(200);
  const ledger = (await call('GET', `/api/admin/bookings/${id}/ledger`, admin)).json();
  const earnings = ledger.entries.find((e: { kind: string }) => e.kind === 'guide_earnings');
  return { id, amountCents: earnings.amountCents as number, availableAt: earnings.availableAt as string };
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  stranger = await person(t);
  admin = await person(t, { admin: true });
  guide = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
  otherGuide = await guidePerson(t);
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

describe('the wallet', () => {
  it('needs a sign-in; a new guide has nothing; a traveler has no earnings and starts bronze', async () => {
    expect((await call('GET', '/api/v2/wallet', null)).statusCode).toBe(401);
    expect(await wallet(otherGuide)).toMatchObject({
      currency: 'CNY',
      assetBalanceCents: 0,
      creditLevel: 'bronze',
      earnings: {
        totalCents: 0,
        withdrawableCents: 0,
        pendingCents: 0,
        inPayoutCents: 0,
        withdrawnCents: 0,
        nextAvailableAt: null,
      },
    });
    expect(await wallet(stranger)).toMatchObject({
      assetBalanceCents: 0,
      creditLevel: 'bronze',
      spentCents: 0,
      nextLevel: { level: 'silver', thresholdCents: 200_000 },
      earnings: null,
    });
  });

  it('completion makes earnings pending; past available_at they are withdrawable; payouts, failures and admin steps move them', async () => {
    const tour = await completedTour(20);
    // 2 travelers × 2 h at 300 + 30 RMB = 660 RMB; the deposit (20%) is held; the platform keeps 10% of the total.
    expect(tour.amountCents).toBe(6_600);
    const completedAt = t.app.bookings.now();

    let w = await wallet(guide);
    expect(w.earnings).toEqual({
      totalCents: 6_600,
      withdrawableCents: 0,
      pendingCents: 6_600,
      inPayoutCents: 0,
      withdrawnCents: 0,
      nextAvailableAt: tour.availableAt,
    });
    expect(w.assetBalanceCents).toBe(6_600);
    expect(await wallet(traveler)).toMatchObject({ spentCents: 13_200, creditLevel: 'bronze', earnings: null });

    // Pending money cannot be withdrawn.
    const early = await withdraw(guide, 100);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('insufficient_balance');

    // Still pending one minute before available_at; withdrawable one minute after.
    t.app.bookings.now = () => new Date(Date.parse(tour.availableAt) - 60_000);
    expect((await wallet(guide)).earnings.withdrawableCents).toBe(0);
    t.app.bookings.now = () => new Date(Date.parse(tour.availableAt) + 60_000);
    w = await wallet(guide);
    expect(w.earnings).toMatchObject({
      totalCents: 6_600,
      withdrawableCents: 6_600,
      pendingCents: 0,
      nextAvailableAt: null,
    });
    expect(Date.parse(tour.availableAt)).toBeGreaterThan(completedAt.getTime());

    // More than withdrawable: refused with a stable code, nothing recorded.
    const over = await withdraw(guide, 6_601);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'insufficient_balance' });
    expect((await call('GET', '/api/v2/wallet/withdrawals', guide)).json().withdrawals).toEqual([]);

    // A bank transfer needs the bank's name; unknown methods and fields are refused.
    expect((await withdraw(guide, 1_000, { method: 'bank' })).statusCode).toBe(400);
    expect((await withdraw(guide, 1_000, { method: 'paypal' })).statusCode).toBe(400);
    expect((await withdraw(guide, 1_000, { status: 'paid' })).statusCode).toBe(400);
    expect((await withdraw(guide, 99)).statusCode).toBe(400);
    // A traveler is not a guide; a visitor must sign in.
    expect((await withdraw(traveler, 100)).statusCode).toBe(403);
    expect((await withdraw(null, 100)).statusCode).toBe(401);

    // Five requests of 2,000 at once on 6,600: three succeed, the others are refused; never overdrawn.
    const replies = await Promise.all(Array.from({ length: 5 }, () => withdraw(guide, 2_000)));
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409]);
    w = await wallet(guide);
    expect(w.earnings).toMatchObject({
      withdrawableCents: 600,
      inPayoutCents: 6_000,
      withdrawnCents: 0,
      totalCents: 6_600,
    });
    expect(w.assetBalanceCents).toBe(6_600);

    const ids = replies.filter((r) => r.statusCode === 201).map((r) => r.json().withdrawal.id as number);
    const [a, b, c] = ids as [number, number, number];
    const mine = await call('GET', `/api/v2/wallet/withdrawals/${a}`, guide);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      id: a,
      amountCents: 2_000,
      method: 'alipay',
      status: 'requested',
      failureReason: null,
    });
    expect(mine.json().accountNumberMasked).toMatch(/•+\.com$/);
    expect(mine.body).not.toContain('yui@example.com');
    // Another user's payout is invisible; visitors must sign in.
    expect((await call('GET', `/api/v2/wallet/withdrawals/${a}`, otherGuide)).statusCode).toBe(404);
    expect((await call('GET', `/api/v2/wallet/withdrawals/${a}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/v2/wallet/withdrawals/${a}`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/v2/wallet/withdrawals', otherGuide)).json().withdrawals).toEqual([]);

    // Admin steps are invisible to others.
    expect((await call('POST', `/api/admin/withdrawals/${a}/approve`, guide)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/withdrawals', guide)).statusCode).toBe(404);
    const listed = (await call('GET', '/api/admin/withdrawals?status=requested', admin)).json().withdrawals;
    expect(listed.filter((x: { userId: number }) => x.userId === guide.id)).toHaveLength(3);
    expect(listed[0].accountNumber).toBe('yui@example.com');

    // a: approved then paid; each step is a balanced pair of entries.
    expect((await call('POST', `/api/admin/withdrawals/${a}/paid`, admin)).json().code).toBe('invalid_transition');
    const approved = await call('POST', `/api/admin/withdrawals/${a}/approve`, admin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().withdrawal.status).toBe('approved');
    const paid = await call('POST', `/api/admin/withdrawals/${a}/paid`, admin);
    expect(paid.json()).toMatchObject({
      withdrawal: { status: 'paid' },
      earnings: { withdrawableCents: 600, inPayoutCents: 4_000, withdrawnCents: 2_000 },
    });
    expect((await call('POST', `/api/admin/withdrawals/${a}/fail`, admin, { reason: 'late' })).statusCode).toBe(409);
    const ledgerA = (await call('GET', `/api/admin/withdrawals/${a}/ledger`, admin)).json();
    expect(ledgerA.total).toBe(0);
    expect(
      ledgerA.entries.map((e: { account: string; kind: string; amountCents: number }) => [
        e.account,
        e.kind,
        e.amountCents,
      ]),
    ).toEqual([
      ['guide', 'withdrawal', -2_000],
      ['payout_hold', 'withdrawal', 2_000],
      ['payout_hold', 'payout_approved', -2_000],
      ['payout_sending', 'payout_approved', 2_000],
      ['payout_sending', 'payout_paid', -2_000],
      ['payout_external', 'payout_paid', 2_000],
    ]);

    // b: failed while requested; c: failed after approval. The money returns to withdrawable.
    expect((await call('POST', `/api/admin/withdrawals/${b}/fail`, admin, {})).statusCode).toBe(400);
    const failed = await call('POST', `/api/admin/withdrawals/${b}/fail`, admin, {
      reason: 'The Alipay account name does not match',
    });
    expect(failed.json()).toMatchObject({
      withdrawal: { status: 'failed', failureReason: 'The Alipay account name does not match' },
      earnings: { withdrawableCents: 2_600 },
    });
    expect((await call('GET', `/api/v2/wallet/withdrawals/${b}`, guide)).json()).toMatchObject({
      status: 'failed',
      failureReason: 'The Alipay account name does not match',
    });
    await call('POST', `/api/admin/withdrawals/${c}/approve`, admin);
    const failedC = await call('POST', `/api/admin/withdrawals/${c}/fail`, admin, { reason: 'Bank rejected' });
    expect(failedC.json().earnings).toEqual({
      totalCents: 6_600,
      withdrawableCents: 4_600,
      pendingCents: 0,
      inPayoutCents: 0,
      withdrawnCents: 2_000,
      nextAvailableAt: null,
    });
    const ledgerC = (await call('GET', `/api/admin/withdrawals/${c}/ledger`, admin)).json();
    expect(ledgerC.total).toBe(0);
    expect(ledgerC.entries.at(-1)).toMatchObject({
      account: 'guide',
      kind: 'payout_failed',
      amountCents: 2_000,
      userId: guide.id,
    });
    expect((await wallet(guide)).assetBalanceCents).toBe(4_600);

    // The returned money can be requested again, by bank transfer, down to zero.
    const again = await withdraw(guide, 4_600, {
      method: 'bank',
      bankCode: '0005',
      branchCode: '100',
      accountType: 'ordinary',
      accountHolderKana: 'タナカ ユイ',
      accountNumber: '3456789',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().withdrawal).toMatchObject({
      method: 'bank',
      bankName: '三菱ＵＦＪ',
      accountNumberMasked: '•••6789',
    });
    expect(again.json().earnings.withdrawableCents).toBe(0);
    expect((await withdraw(guide, 100)).json().code).toBe('insufficient_balance');
    expect((await call('POST', '/api/admin/withdrawals/999999/approve', admin)).statusCode).toBe(404);
  });
});
