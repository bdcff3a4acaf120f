import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/client';
import { rowsOf } from '../../db/raw-row';
import { payments, receiptSeries } from '../../db/schema/index';
import type { TestApp } from '../../test/test-app';
import { book, confirmedBooking, daysAhead, newKey, pay, person, type Person } from '../bookings/test-helpers';
import { receiptsSuite } from './test-helpers';

/**
 * How receipt numbers are issued: late for a payment settled before receipts existed, given back on a
 * rollback, without repeats or gaps when many are issued at once; apart from what a receipt says (receipts.test.ts).
 */
const suite = receiptsSuite();
const { receiptsOf } = suite;
let t: TestApp;
let traveler: Person;
let guide: typeof suite.fixture.guide;
beforeAll(() => {
  ({ t, traveler, guide } = suite.fixture);
});

const seqOf = (number: string) => Number(number.slice(2));

describe('numbering', () => {
  it('a payment settled before receipts existed gets its receipt when first read; a rolled-back issue gives its number back', async () => {
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(40));
    const [deposit] = await receiptsOf(id);
    // An extension paid before this feature: a succeeded payment without a receipt.
    await t.database.db.insert(payments).values({
      bookingId: id,
      payerId: traveler.id,
      kind: 'extension',
      method: 'wechat',
      provider: 'simulated',
      providerRef: `old-${newKey()}`,
      idempotencyKey: newKey(),
      requestHash: 'x',
      status: 'succeeded',
      amountCents: 16_550,
    });
    const last = async () =>
      (
        await t.database.db
          .select()
          .from(receiptSeries)
          .where(sql`series = 'R'`)
      )[0]!.lastNumber;
    const before = await last();
    await expect(
      inTransaction(t.database.db, async (tx) => {
        expect(await t.app.receipts.issuer.receipts(tx, id, new Date())).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await last()).toBe(before);
    const list = await receiptsOf(id);
    expect(list.map((r) => [r.paymentKind, r.method, r.amountCents])).toEqual([
      ['deposit', 'card', deposit!.amountCents],
      ['extension', 'wechat', 16_550],
    ]);
    expect(seqOf(list[1]!.number)).toBe(before + 1);
    expect(list[1]!.inPersonCents).toBe(0);
  });

  it('many deposits at once get distinct numbers with no gaps (at once for real on PostgreSQL)', async () => {
    const N = 16;
    const travelers = await Promise.all(Array.from({ length: N }, () => person(t)));
    const ids = await Promise.all(
      travelers.map(
        async (who, i) =>
          (
            await book(t, who, {
              guideId: guide.guideId,
              date: daysAhead(60 + i),
              startTime: '10:00',
              durationHours: 2,
              travelers: 1,
            })
          ).json().id as number,
      ),
    );
    const paid = await Promise.all(ids.map((id, i) => pay(t, travelers[i]!, id)));
    expect(paid.map((r) => r.statusCode)).toEqual(Array(N).fill(201));
    const numbers = (await Promise.all(ids.map((id, i) => receiptsOf(id, travelers[i]))))
      .flat()
      .map((r) => seqOf(r.number));
    expect(numbers).toHaveLength(N);
    expect(new Set(numbers).size).toBe(N);
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(sorted[N - 1]! - sorted[0]!).toBe(N - 1);
    const [all] = rowsOf<{ n: number; distinct: number; max: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n, count(distinct seq)::int as distinct, max(seq)::int as max from receipts where series = 'R'`,
      ),
    );
    expect(all!.distinct).toBe(all!.n);
    expect(all!.max).toBe(all!.n); // 1 … n: none skipped, none repeated
  }, 120_000);

  it('issues racing in many transactions at once, some rolled back, leave the series without repeats or gaps (PostgreSQL: really at once)', async () => {
    const N = 12;
    const ids: number[] = [];
    for (let i = 0; i < N; i++) {
      const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(90 + i));
      await t.database.db.insert(payments).values({
        bookingId: id,
        payerId: traveler.id,
        kind: 'extension',
        method: 'alipay',
        provider: 'simulated',
        providerRef: `race-${newKey()}`,
        idempotencyKey: newKey(),
        requestHash: 'x',
        status: 'succeeded',
        amountCents: 10_000,
      });
      ids.push(id);
    }
    const results = await Promise.allSettled(
      ids.map((id, i) =>
        inTransaction(t.database.db, async (tx) => {
          await t.app.receipts.issuer.receipts(tx, id, new Date());
          // Hold the counter's row a moment, so the others queue behind it; every third gives up.
          await tx.execute(sql`select pg_sleep(0.02)`);
          if (i % 3 === 0) throw new Error('rolled back');
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(N / 3);
    const [all] = rowsOf<{ n: number; distinct: number; max: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n, count(distinct seq)::int as distinct, max(seq)::int as max from receipts where series = 'R'`,
      ),
    );
    expect(all).toEqual({ n: all!.n, distinct: all!.n, max: all!.n });
    // The rolled-back ones are issued on their next read, with the next numbers.
    const late = (await Promise.all(ids.filter((_, i) => i % 3 === 0).map((id) => receiptsOf(id)))).map((list) =>
      list.find((r) => r.paymentKind === 'extension')!,
    );
    expect(late.map((r) => seqOf(r.number)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: N / 3 }, (_, k) => all!.n + 1 + k),
    );
  }, 120_000);
});
