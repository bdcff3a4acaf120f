import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, payments, simulatedCharges } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SIMULATED_SIGNATURE_HEADER, type ChargeRequest } from '../payments/index';
import { book, CARD_OK, daysAhead, guidePerson, newKey, pay, person, type Person } from './test-helpers';

/**
 * Reconciliation (decision 083): a payment whose provider answer was lost — a crash or a dropped
 * connection after the provider was asked — is settled by the job runner's sweep, which asks the
 * provider what became of the payment's key: the booking moves on with its ledger, or the payment
 * fails and the traveler pays again. Nothing is left processing, nothing is charged twice.
 */
let t: TestApp;
let traveler: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
beforeAll(async () => {
  t = await createTestApp();
  traveler = await person(t);
  guide = await guidePerson(t);
});
afterAll(() => t.close());

const later = (ms: number) => new Date(Date.now() + ms);
const bookingOf = async (id: number) =>
  (await t.app.inject({ url: `/api/v2/bookings/${id}`, headers: auth(traveler.token) })).json();

/** Swaps the provider's charge for a while: `lose` gets the real charge and decides what the server hears. */
async function withCharge(
  lose: (real: (req: ChargeRequest) => Promise<unknown>, req: ChargeRequest) => Promise<never>,
  fn: () => Promise<void>,
) {
  const provider = t.app.paymentProvider;
  const real = provider.charge.bind(provider);
  provider.charge = (req) => lose(real, req);
  try {
    await fn();
  } finally {
    provider.charge = real;
  }
}

describe('a payment whose answer was lost', () => {
  it('charged at the provider: the sweep confirms the booking with its ledger once, and a retry sees the same end state', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(30),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const key = newKey();
    await withCharge(
      async (real, req) => {
        await real(req); // the provider charged…
        throw new Error('socket hang up'); // …and the answer never arrived
      },
      async () => {
        const res = await pay(t, traveler, id, CARD_OK, key);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ code: 'payment_in_progress', retryAfter: 100 });
        expect(res.headers['retry-after']).toBe('100');
      },
    );
    const [open] = await t.database.db
      .select()
      .from(payments)
      .where(sql`booking_id = ${id}`);
    expect(open!.status).toBe('processing');
    // Paying again with another key meanwhile is refused, not charged.
    expect((await pay(t, traveler, id, CARD_OK, newKey())).json()).toMatchObject({ code: 'payment_in_progress' });

    await t.app.jobs.tick(later(30_000)); // too early: a provider call may still be under way
    expect((await bookingOf(id)).status).toBe('pending');
    await t.app.jobs.tick(later(100_000));
    const after = await bookingOf(id);
    expect(after.status).toBe('confirmed');
    expect(after.payments).toMatchObject([{ status: 'succeeded' }]);
    expect(await t.database.db.$count(ledgerEntries, sql`booking_id = ${id}`)).toBe(2);
    expect(await t.database.db.$count(simulatedCharges, sql`payment_id = ${open!.id}`)).toBe(1);

    const retry = await pay(t, traveler, id, CARD_OK, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().payment).toMatchObject({ id: open!.id, status: 'succeeded' });
    expect((await pay(t, traveler, id, CARD_OK, newKey())).json().code).toBe('already_paid');
    await t.app.jobs.tick(later(300_000));
    expect(await t.database.db.$count(ledgerEntries, sql`booking_id = ${id}`)).toBe(2);
  });

  it('never received by the provider: the sweep fails it, and the traveler pays again', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(31),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    await withCharge(
      async () => {
        throw new Error('connect ECONNREFUSED');
      },
      async () => expect((await pay(t, traveler, id, CARD_OK, newKey())).statusCode).toBe(409),
    );
    await t.app.jobs.tick(later(100_000));
    const [failed] = await t.database.db
      .select()
      .from(payments)
      .where(sql`booking_id = ${id}`);
    expect(failed).toMatchObject({ status: 'failed', failureCode: 'provider_unreached' });
    const again = await pay(t, traveler, id, CARD_OK, newKey());
    expect(again.statusCode, again.body).toBe(201);
    expect((await bookingOf(id)).status).toBe('confirmed');
    expect(await t.database.db.$count(ledgerEntries, sql`booking_id = ${id}`)).toBe(2);
  });
});

describe('a wallet payment whose answer was lost', () => {
  it('is recorded pending with its approval link, which paying again returns (decision 100) and which pays once', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(32),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const ALIPAY = { kind: 'deposit', method: 'alipay', alipayAccount: 'liwei@example.cn' };
    await withCharge(
      async (real, req) => {
        await real(req); // the provider opened the Alipay charge…
        throw new Error('socket hang up'); // …and its link never arrived
      },
      async () => expect((await pay(t, traveler, id, ALIPAY, newKey())).json().code).toBe('payment_in_progress'),
    );
    await t.app.jobs.tick(later(100_000));
    const again = await pay(t, traveler, id, ALIPAY, newKey());
    expect(again.statusCode, again.body).toBe(201);
    const attempt = again.json().payment;
    expect(attempt).toMatchObject({ status: 'pending', approvalUrl: expect.stringMatching(/^\/payment-demo\?/) });
    expect(await t.database.db.$count(payments, sql`booking_id = ${id}`)).toBe(1);
    const q = new URLSearchParams(attempt.approvalUrl.split('?')[1]);
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/v2/payments/webhooks/simulated',
      headers: { 'content-type': 'application/json', [SIMULATED_SIGNATURE_HEADER]: q.get('signature')! },
      payload: JSON.stringify({ type: 'payment.succeeded', ref: q.get('ref') }),
    });
    expect(approved.statusCode).toBe(200);
    expect(await bookingOf(id)).toMatchObject({
      status: 'confirmed',
      payments: [{ id: attempt.id, status: 'succeeded' }],
    });
  });
});

describe('the simulated provider', () => {
  it('charges once per key, as Stripe does, and answers what became of a key', async () => {
    const provider = t.app.paymentProvider;
    const req: ChargeRequest = {
      paymentId: 999_001,
      bookingId: 1,
      amountCents: 5_000,
      currency: 'CNY',
      method: 'card',
      card: { number: '4242424242424242', expiryDate: '12/40', cvv: '123', holder: 'Li Wei' },
      idempotencyKey: `test-${newKey()}`,
      returnUrl: 'http://localhost/',
    };
    const [a, b] = await Promise.all([provider.charge(req), provider.charge(req)]);
    expect(a).toEqual(b);
    expect(a.status).toBe('succeeded');
    expect(await provider.findCharge(req.idempotencyKey, req.paymentId)).toEqual(a);
    expect(await t.database.db.$count(simulatedCharges, sql`idempotency_key = ${req.idempotencyKey}`)).toBe(1);
    expect(await provider.findCharge('never-sent', 1)).toBeNull();
  });
});

describe('a booking that lapses while its card is with the provider', () => {
  // The card's success is one statement only while the booking is still pending (decision 090);
  // otherwise it writes nothing and the general path settles the payment and gives the money back.
  it('keeps the booking cancelled, records the deposit and its refund, and refunds the card', async () => {
    const created = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(26),
      startTime: '10:00',
      durationHours: 2,
      travelers: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const provider = t.app.paymentProvider;
    const real = provider.charge.bind(provider);
    provider.charge = async (req) => {
      const out = await real(req);
      // The payment window closes meanwhile (what the expiry job does, here by hand).
      await t.database.db.execute(
        sql`UPDATE bookings SET status = 'cancelled', cancelled_by = 'system', cancel_reason = 'expired', cancelled_at = now() WHERE id = ${id}`,
      );
      return out;
    };
    let paid;
    try {
      paid = await pay(t, traveler, id);
    } finally {
      provider.charge = real;
    }
    expect(paid.statusCode, paid.body).toBe(201);
    await t.app.jobs.settled();
    expect((await bookingOf(id)).status).toBe('cancelled');
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.bookingId} = ${id}`);
    const d = created.json().depositCents as number;
    expect(entries.map((e) => `${e.account} ${e.kind} ${e.amountCents}`).sort()).toEqual(
      [
        `platform deposit ${d}`,
        `platform deposit_release ${-d}`,
        `traveler deposit ${-d}`,
        `traveler refund ${d}`,
      ].sort(),
    );
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(sql`${payments.bookingId} = ${id}`);
    expect(payment?.status).toBe('refunded');
  });
});
