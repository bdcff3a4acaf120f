import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '../../../shared/booking/state-machine';
import { canSend, creditsFor, FREE_MESSAGES } from '../../../shared/messaging/credits';
import { rowsOf } from '../../db/raw-row';
import { bookings } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { countsAsBooking, unlocksContacts } from './send-rules';
import { maySendSql, pairConfirmedSql, pairHasBookingSql } from './send.repository';
import { guide, insertBooking, traveler } from './test-helpers';

/**
 * The chat send statement's rules (`send-rules.ts`, their SQL forms in `send.repository.ts`): each SQL piece answers as
 * its plain form does.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const one = async <R>(q: ReturnType<typeof sql>) => rowsOf<R>(await t.database.db.execute(q))[0]!;

describe('the send rules', () => {
  it('may send: the SQL piece and canSend(creditsFor(…)) agree on every case', async () => {
    for (const side of ['traveler', 'guide'] as const) {
      for (const hasBooking of [false, true]) {
        for (const guideMessages of [0, 1]) {
          for (const travelerMessages of [0, FREE_MESSAGES - 1, FREE_MESSAGES, FREE_MESSAGES + 1]) {
            const expected = canSend(
              creditsFor(side, { travelerMessages, guideReplied: guideMessages > 0, hasBooking }),
            );
            const piece = maySendSql(
              {
                senderIsTraveler: sql`${side === 'traveler'}::boolean`,
                hasBooking: sql`${hasBooking}::boolean`,
                guideMessages: sql`${guideMessages}::int`,
                travelerMessages: sql`${travelerMessages}::int`,
              },
              FREE_MESSAGES,
            );
            const { ok } = await one<{ ok: boolean }>(sql`SELECT ${piece} AS ok`);
            expect({ side, hasBooking, guideMessages, travelerMessages, ok }).toEqual({
              side,
              hasBooking,
              guideMessages,
              travelerMessages,
              ok: expected,
            });
          }
        }
      }
    }
  });

  it.each(BOOKING_STATUSES.map((s) => [s]))(
    'a %s booking: the pair facts in SQL and in plain form agree',
    async (status) => {
      const a = await traveler(t);
      const g = await guide(t);
      const id = await insertBooking(t.database.db, a.id, g.guideId, 'pending');
      await t.database.db.update(bookings).set({ status }).where(eq(bookings.id, id));
      const facts = await one<{ has: boolean; confirmed: boolean }>(
        sql`SELECT ${pairHasBookingSql(sql`${a.id}::int`, sql`${g.guideId}::int`)} AS has, ${pairConfirmedSql(sql`${a.id}::int`, sql`${g.guideId}::int`)} AS confirmed`,
      );
      expect(facts).toEqual({ has: countsAsBooking(status), confirmed: unlocksContacts(status) });
      expect(countsAsBooking(status)).toBe(status !== 'cancelled');
      expect(unlocksContacts(status)).toBe(status !== 'cancelled' && status !== 'pending');
    },
  );
});
