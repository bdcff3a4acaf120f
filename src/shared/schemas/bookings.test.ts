import { describe, expect, it } from 'vitest';
import { createBookingBodySchema } from './booking-create';
import { createPaymentBodySchema } from './payments';

describe('booking request schemas', () => {
  it('drop a client price and normalise the postal code', () => {
    const body = createBookingBodySchema.parse({
      guideId: 3,
      date: '2026-12-10',
      startTime: '09:30',
      durationHours: 2.5,
      travelers: 2,
      meetingPostalCode: '1500001',
      totalPrice: 1,
      totalPriceCents: 1,
    });
    expect(body).not.toHaveProperty('totalPrice');
    expect(body.meetingPostalCode).toBe('150-0001');
    expect(
      createBookingBodySchema.safeParse({
        guideId: 3,
        date: '2026-02-30',
        startTime: '09:30',
        durationHours: 2,
        travelers: 1,
      }).success,
    ).toBe(false);
    expect(
      createBookingBodySchema.safeParse({
        guideId: 3,
        date: '2026-12-10',
        startTime: '9:30',
        durationHours: 2,
        travelers: 1,
      }).success,
    ).toBe(false);
    expect(
      createBookingBodySchema.safeParse({
        guideId: 3,
        date: '2026-12-10',
        startTime: '09:30',
        durationHours: 2.25,
        travelers: 1,
      }).success,
    ).toBe(false);
  });

  it('require the fields of the chosen payment method', () => {
    const card = {
      kind: 'deposit',
      method: 'card',
      cardNumber: '4242 4242 4242 4242',
      expiryDate: '12/30',
      cvv: '123',
      cardHolder: 'Li Wei',
    };
    expect(createPaymentBodySchema.safeParse(card).success).toBe(true);
    const missing = createPaymentBodySchema.safeParse({ ...card, cvv: undefined });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({ path: ['cvv'], message: 'Payment Information Required' });
    expect(createPaymentBodySchema.safeParse({ ...card, expiryDate: '13/30' }).success).toBe(false);
    expect(createPaymentBodySchema.safeParse({ kind: 'deposit', method: 'alipay' }).success).toBe(false);
    expect(
      createPaymentBodySchema.safeParse({ kind: 'deposit', method: 'alipay', alipayAccount: 'li@example.cn' }).success,
    ).toBe(true);
    expect(createPaymentBodySchema.safeParse({ kind: 'deposit', method: 'wechat', wechatId: 'liwei88' }).success).toBe(
      true,
    );
    expect(
      createPaymentBodySchema.safeParse({ kind: 'final_payment', method: 'wechat', wechatId: 'liwei88' }).success,
    ).toBe(false);
  });
});
