import { expect } from 'vitest';
import { addDays, todayInZone } from '../../../shared/availability';
import type { Party, RouteRequest, TrustFixtures } from './fixtures';
import { send } from './fixtures';

/** Who must not see a booking of `f.owner` with `f.guide`: another traveler and another guide. */
export const bookingStrangers = (f: TrustFixtures) => [f.stranger, f.otherGuide];

/** One route's rule in the authorization table (authz-table.ts explains the rules). */
export type AuthzEntry =
  | {
      rule: 'owner';
      setup: (f: TrustFixtures) => Promise<RouteRequest>;
      /** The party that owns what `setup` makes (default: the traveler `f.owner`). */
      as?: (f: TrustFixtures) => Party;
      strangers?: (f: TrustFixtures) => Party[];
      strangerStatus?: number;
      visitorStatus?: number;
    }
  | { rule: 'admin'; setup: (f: TrustFixtures) => Promise<RouteRequest> }
  | { rule: 'public'; why: string; setup: (f: TrustFixtures) => Promise<RouteRequest> }
  /** A reseller's key in `setup`'s headers gets through; every user's token and a visitor get 401 (decision 201). */
  | { rule: 'reseller'; setup: (f: TrustFixtures) => Promise<RouteRequest> };

/**
 * The next day of a series (each section of the table books on days of its own, clear of the
 * others'), counted per test app. The API project runs its files in one module graph (vitest
 * `isolate: false`): module-level counters went on from one file's table into the next file's, and
 * past the booking horizon (a 409 slot_unavailable on PostgreSQL, where files share workers
 * differently than on PGlite).
 */
const series = new WeakMap<object, Map<string, number>>();
export function nextDay(f: TrustFixtures, name: string, first: number): number {
  let days = series.get(f.t);
  if (!days) series.set(f.t, (days = new Map()));
  const day = days.get(name) ?? first;
  days.set(name, day + 1);
  return day;
}

/**
 * A setup's request answered as it must be, or the test fails there, naming the step and the reply: an assertion,
 * so a broken setup reads as the test's failure and not as the route's.
 */
export function setupReply(res: { statusCode: number; body: string }, status: number, step: string): void {
  expect(res.statusCode, `${step} setup: ${res.body}`).toBe(status);
}

/** A booking of `f.owner` with `f.guide`, each on its own day (from day 20), its deposit paid when asked. */
export async function ownersBooking(f: TrustFixtures, opts: { paid?: boolean; day?: number } = {}): Promise<number> {
  const owner = await f.owner.token();
  const day = opts.day ?? nextDay(f, 'bookings', 20);
  const date = addDays(todayInZone('Asia/Tokyo'), day);
  const res = await send(f.t, {
    method: 'POST',
    url: '/api/v2/bookings',
    token: owner,
    body: { guideId: f.guide.guideId, date, startTime: '10:00', durationHours: 2, travelers: 1 },
  });
  if (res.statusCode !== 201) throw new Error(`booking setup failed: ${res.statusCode} ${res.body}`);
  const id = res.json().id as number;
  if (opts.paid) {
    const paid = await send(f.t, {
      method: 'POST',
      url: `/api/v2/bookings/${id}/payments`,
      token: owner,
      headers: { 'idempotency-key': `authz-payment-${id}` },
      body: {
        kind: 'deposit',
        method: 'card',
        cardNumber: '4242424242424242',
        expiryDate: '12/34',
        cvv: '123',
        cardHolder: 'Owner Traveler',
      },
    });
    if (paid.statusCode !== 201) throw new Error(`payment setup failed: ${paid.statusCode} ${paid.body}`);
  }
  return id;
}
