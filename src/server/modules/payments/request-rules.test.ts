import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, daysAhead, guidePerson, newKey, person, type Person } from '../bookings/test-helpers';

/**
 * The simulated provider (the default) keeps docs/rules/money-and-cancellation.md's card form: a card request without
 * its fields is refused.
 */
describe('Payment requests with the simulated provider', () => {
  let t: TestApp;
  let traveler: Person;
  let guide: Awaited<ReturnType<typeof guidePerson>>;

  beforeAll(async () => {
    t = await createTestApp();
    traveler = await person(t);
    guide = await guidePerson(t);
  });
  afterAll(() => t.close());

  it('needs every card field: none of them is 400 "Payment Information Required", as a half-filled card is', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(8),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const pay = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/bookings/${id}/payments`,
        headers: { ...auth(traveler.token), 'idempotency-key': newKey() },
        payload,
      });
    for (const payload of [
      { kind: 'deposit', method: 'card' },
      { kind: 'deposit', method: 'card', cardNumber: '4242424242424242' },
    ]) {
      const res = await pay(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        fields: expect.arrayContaining([{ path: 'body.cvv', message: 'Payment Information Required' }]),
      });
    }
    const ok = await pay({
      kind: 'deposit',
      method: 'card',
      cardNumber: '4242 4242 4242 4242',
      expiryDate: '12/34',
      cvv: '123',
      cardHolder: 'Li Wei',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().payment).toMatchObject({
      status: 'succeeded',
      provider: 'simulated',
      last4: '4242',
      clientSecret: null,
    });
  });

  it('keeps Stripe out of the public config and the CSP', async () => {
    const res = await t.app.inject({ url: '/api/config/public' });
    expect(res.json().payments).toEqual({ provider: 'simulated' });
    expect(String(res.headers['content-security-policy'])).not.toContain('stripe');
  });
});
