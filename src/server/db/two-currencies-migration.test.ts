import { describe, expect, it } from 'vitest';
import { databaseBefore } from './before-migration';

/**
 * Migration 0050 on a database written before two currencies (decision 164): every amount was yuan fen
 * whatever its label said, so a guide, booking, offer, payment, receipt or application draft labelled
 * JPY is relabelled CNY with its amounts unchanged, and every ledger entry is in yuan.
 */
describe('migration 0050: the JPY labels that were yuan', () => {
  it('relabels a guide and her booking CNY, amounts unchanged, and keeps the ledger balanced in yuan', async () => {
    const { client, insert, rows: one, finish, close } = await databaseBefore('0050');
    const guideUser = await insert('users', { username: 'kyoto-guide', email: 'kyoto@example.jp' });
    const travelerUser = await insert('users', { username: 'li-wei', email: 'li@example.cn' });
    const guide = await insert('guides', {
      user_id: guideUser,
      currency: 'JPY',
      basic_price_per_hour_cents: 400_000,
      additional_price_per_person_cents: 100_000,
      min_people: 1,
      max_people: 4,
      min_duration_hours: 1,
      max_duration_hours: 8,
    });
    const booking = await insert('bookings', {
      traveler_id: travelerUser,
      guide_id: guide,
      status: 'confirmed',
      currency: 'JPY',
      time_zone: 'Asia/Tokyo',
      starts_at: new Date('2026-02-01T01:00:00Z'),
      ends_at: new Date('2026-02-01T03:00:00Z'),
      duration_minutes: 120,
      travelers: 1,
      unit_price_cents: 400_000,
      additional_per_person_cents: 100_000,
      total_price_cents: 800_000,
      deposit_cents: 160_000,
      commission_cents: 80_000,
    });
    const payment = await insert('payments', {
      booking_id: booking,
      payer_id: travelerUser,
      kind: 'deposit',
      method: 'alipay',
      provider: 'simulated',
      idempotency_key: 'k',
      request_hash: 'h',
      status: 'succeeded',
      amount_cents: 160_000,
      currency: 'JPY',
    });
    const application = await insert('guide_applications', {
      user_id: guideUser,
      data: JSON.stringify({ currency: 'JPY', basicPricePerHourCents: 400_000 }),
    });
    await client.query('BEGIN');
    await insert('ledger_entries', {
      booking_id: booking,
      account: 'traveler',
      user_id: travelerUser,
      kind: 'deposit',
      amount_cents: -160_000,
      payment_id: payment,
    });
    await insert('ledger_entries', {
      booking_id: booking,
      account: 'platform',
      kind: 'deposit',
      amount_cents: 160_000,
      payment_id: payment,
    });
    await client.query('COMMIT');

    await finish();
    expect(await one(`SELECT currency, basic_price_per_hour_cents FROM guides WHERE id = ${guide}`)).toEqual([
      { currency: 'CNY', basic_price_per_hour_cents: 400_000 },
    ]);
    expect(
      await one(
        `SELECT currency, charge_currency, total_price_cents, deposit_cents, charge_deposit_cents, jpy_per_cny FROM bookings WHERE id = ${booking}`,
      ),
    ).toEqual([
      {
        currency: 'CNY',
        charge_currency: 'CNY',
        total_price_cents: 800_000,
        deposit_cents: 160_000,
        charge_deposit_cents: null,
        jpy_per_cny: null,
      },
    ]);
    expect(await one(`SELECT currency, amount_cents, own_amount_cents FROM payments WHERE id = ${payment}`)).toEqual([
      { currency: 'CNY', amount_cents: 160_000, own_amount_cents: null },
    ]);
    expect(await one(`SELECT data FROM guide_applications WHERE id = ${application}`)).toEqual([
      { data: { currency: 'CNY', basicPricePerHourCents: 400_000 } },
    ]);
    expect(
      await one(
        `SELECT currency, sum(amount_cents)::int AS sum FROM ledger_entries WHERE booking_id = ${booking} GROUP BY currency`,
      ),
    ).toEqual([{ currency: 'CNY', sum: 0 }]);
    // The balance is checked per currency from now on: yen and yuan entries never offset each other.
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO ledger_entries (booking_id, account, kind, amount_cents, currency) VALUES (${booking}, 'exchange', 'exchange', 100, 'CNY'), (${booking}, 'exchange', 'exchange', -100, 'JPY')`,
    );
    await expect(client.query('COMMIT')).rejects.toThrow(/do not sum to zero in each currency/);
    await close();
  }, 120_000);
});
