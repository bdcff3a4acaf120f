import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { daysAhead, person } from '../bookings/test-helpers';
import { octo, octoValid, reseller, resellingGuide } from './test-helpers';

/**
 * Resellers racing for one start (decision 202): the checkout's lock decides, exactly one holds it, every other is
 * told UNPROCESSABLE_ENTITY in OCTO's shape, and the same uuid sent at once by one reseller makes one booking.
 */
let t: TestApp;
let keys: string[];
let guideId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  const admin = await person(t, { admin: true });
  keys = [];
  for (let i = 0; i < 10; i++) keys.push((await reseller(t, admin, `Partner ${i}`, 10)).apiKey);
  guideId = (await resellingGuide(t)).guideId;
});
afterAll(() => t.close());

const firstStart = async (day: string) => {
  const res = await octo(t, '/availability', {
    method: 'POST',
    key: keys[0],
    body: { productId: `guide-${guideId}`, optionId: 'hours-2', localDateStart: day, localDateEnd: day },
  });
  return (res.json() as { id: string }[])[0]!.id;
};
const reserve = (key: string, availabilityId: string, uuid = randomUUID()) =>
  octo(t, '/bookings', {
    method: 'POST',
    key,
    body: {
      uuid,
      productId: `guide-${guideId}`,
      optionId: 'hours-2',
      availabilityId,
      unitItems: [{ unitId: 'adult' }],
    },
  });
const holdsOf = async (day: string) =>
  t.database.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.guideId, guideId), eq(bookings.date, day), ne(bookings.status, 'cancelled')));

describe('ten reservations of one start at once', () => {
  it('make exactly one hold; the nine others are refused in OCTO’s shape', async () => {
    const day = daysAhead(9);
    const start = await firstStart(day);
    const replies = await Promise.all(keys.map((k) => reserve(k, start)));
    const won = replies.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(octoValid('zBooking', won[0]!.json()).status).toBe('ON_HOLD');
    for (const r of replies.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect(octoValid('zErrorUnprocessableEntity', r.json()).error).toBe('UNPROCESSABLE_ENTITY');
    }
    expect(await holdsOf(day)).toHaveLength(1);
  });

  it('with one uuid from one reseller answer the same booking ten times', async () => {
    const day = daysAhead(10);
    const start = await firstStart(day);
    const uuid = randomUUID();
    const replies = await Promise.all(Array.from({ length: 10 }, () => reserve(keys[1]!, start, uuid)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const refs = new Set(replies.map((r) => octoValid('zBooking', r.json()).supplierReference));
    expect(refs.size).toBe(1);
    expect(await holdsOf(day)).toHaveLength(1);
  });
});
