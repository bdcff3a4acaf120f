import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  approveWallet,
  confirmedBooking,
  daysAhead,
  guidePerson,
  newKey,
  pay,
  person,
  type Person,
} from './test-helpers';

/**
 * One way to pay (decision 104): an extension paid with a wallet is one payment per open attempt,
 * however often the traveler opens the sheet and presses Pay (the booking shows the attempt to resume),
 * and the lifecycle stays as it was: paid → the guide approves (extend_confirmed, the tour not yet
 * longer) → the traveler confirms → ongoing with the new end. Simulated provider, through app.inject().
 */
let t: TestApp;
let traveler: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  guide = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: { token: string }, payload?: object) =>
  t.app.inject({ method, url, headers: auth(who.token), ...(payload ? { payload } : {}) });
const view = async (id: number, who: { token: string } = traveler) =>
  (await call('GET', `/api/v2/bookings/${id}`, who)).json();
const ALIPAY = { kind: 'extension', method: 'alipay', alipayAccount: 'liwei@example.com' };
const WECHAT = { kind: 'extension', method: 'wechat', wechatId: 'liwei_wx' };

/** A tour under way (660 RMB for 2 h: 330 RMB an hour). */
async function ongoing(days: number) {
  const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(days));
  const accepted = (await call('POST', `/api/v2/bookings/${id}/accept`, guide)).json();
  t.app.bookings.now = () => new Date(Date.parse(accepted.startsAt) + 10 * 60_000);
  await call('PATCH', `/api/bookings/${id}/confirm-start`, traveler, { userType: 'traveler' });
  expect((await call('PATCH', `/api/bookings/${id}/confirm-start`, guide, { userType: 'guide' })).json().status).toBe(
    'ongoing',
  );
  return accepted as { id: number; endsAt: string };
}

const approveInWallet = (approvalUrl: string, expected = 200) => approveWallet(t, approvalUrl, expected);

const extensionPayments = (b: { payments: { id: number; kind: string; status: string }[] }) =>
  b.payments.filter((p) => p.kind === 'extension');

describe('an extension paid with a wallet', () => {
  it('is one payment however often Pay is pressed; the guide approves, the traveler confirms, and only then is the tour longer', async () => {
    const tour = await ongoing(70);
    expect(
      (await call('POST', `/api/bookings/${tour.id}/request-extension`, traveler, { extensionHours: 0.5 })).statusCode,
    ).toBe(200);

    // Pay, then the sheet opened again and Pay pressed twice more (new keys each time): one payment.
    const first = await pay(t, traveler, tour.id, ALIPAY, newKey());
    expect(first.statusCode).toBe(201);
    const p = first.json().payment;
    expect(p).toMatchObject({ kind: 'extension', method: 'alipay', status: 'pending', amountCents: 16_500 });
    expect(p.approvalUrl).toMatch(/^\/payment-demo\?.*payment=\d+/);
    for (const key of [newKey(), newKey()]) {
      const again = await pay(t, traveler, tour.id, { ...ALIPAY, alipayAccount: 'another@example.com' }, key);
      expect(again.statusCode).toBe(201);
      expect(again.json().payment).toMatchObject({ id: p.id, approvalUrl: p.approvalUrl, status: 'pending' });
    }
    const waiting = await view(tour.id);
    expect(extensionPayments(waiting)).toHaveLength(1);
    // The traveler's booking names the attempt to resume; the guide's does not carry its approval link.
    expect(waiting).toMatchObject({
      status: 'extend_requested',
      extensionPrice: 165,
      extension: {
        status: 'requested',
        openPayment: { id: p.id, method: 'alipay', amountCents: 16_500, approvalUrl: p.approvalUrl },
      },
    });
    expect((await view(tour.id, guide)).extension.openPayment).toBeNull();

    // Approved in the wallet: paid, still waiting for the guide (nothing for the traveler to report).
    await approveInWallet(p.approvalUrl);
    const paid = await view(tour.id);
    expect(paid).toMatchObject({
      status: 'extend_requested',
      extensionPrice: null,
      extensionsPaidCents: 16_500,
      extension: { status: 'paid', openPayment: null },
    });
    expect((await pay(t, traveler, tour.id, ALIPAY, newKey())).json().code).toBe('already_paid');
    expect(extensionPayments(await view(tour.id))).toHaveLength(1);

    // The guide approves: extend_confirmed, the tour not yet longer.
    const approved = (await call('POST', `/api/v2/bookings/${tour.id}/extension/approve`, guide)).json();
    expect(approved).toMatchObject({
      status: 'extend_confirmed',
      duration: 2,
      endsAt: tour.endsAt,
      extensionCount: 0,
      extension: { status: 'approved' },
    });
    // The traveler's confirmation makes it ongoing with the new end.
    const confirmed = (
      await call('PATCH', `/api/bookings/${tour.id}/confirm-extension`, traveler, { userType: 'traveler' })
    ).json();
    expect(confirmed).toMatchObject({
      status: 'ongoing',
      duration: 2.5,
      extensionCount: 1,
      travelerConfirmedExtension: true,
      extension: null,
    });
    expect(Date.parse(confirmed.endsAt) - Date.parse(tour.endsAt)).toBe(30 * 60_000);
  });

  it('another wallet is a new attempt that pays the extension; the earlier one is cancelled and its late approval charges nothing', async () => {
    const tour = await ongoing(71);
    await call('POST', `/api/bookings/${tour.id}/request-extension`, traveler, { extensionHours: 0.25 });
    const alipay = (await pay(t, traveler, tour.id, ALIPAY)).json().payment;
    const wechat = (await pay(t, traveler, tour.id, WECHAT)).json().payment;
    expect(wechat.id).not.toBe(alipay.id);
    expect((await view(tour.id)).extension.openPayment).toMatchObject({ id: wechat.id, method: 'wechat' });
    // WeChat Pay again: still that one.
    expect((await pay(t, traveler, tour.id, WECHAT)).json().payment.id).toBe(wechat.id);

    await approveInWallet(wechat.approvalUrl);
    // One open attempt per charge (decision 100): opening WeChat Pay cancelled Alipay's, so approving it now is
    // refused.
    expect((await approveInWallet(alipay.approvalUrl, 409)).json().code).toBe('payment_canceled');
    const b = await view(tour.id);
    expect(b).toMatchObject({ status: 'extend_requested', extensionsPaidCents: 8_250, extension: { status: 'paid' } });
    expect(extensionPayments(b).map((p) => [p.id, p.status])).toEqual([
      [alipay.id, 'failed'],
      [wechat.id, 'succeeded'],
    ]);
  });
});
