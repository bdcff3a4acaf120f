import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORDS } from './fixtures';

/** The date `daysAhead` days after today in Japan (YYYY-MM-DD): the calendar slots are asked in. */
export function tokyoDate(daysAhead: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + daysAhead)).toISOString().slice(0, 10);
}

interface Trip {
  status: string;
  startsAt: string;
  endsAt: string;
}

/** Every trip of the demo traveler that has not ended, as the API lists them. */
async function demoTravelerTrips(request: APIRequestContext): Promise<Trip[]> {
  const login = await (
    await request.post('/api/auth/login', { data: { username: 'traveler', password: DEMO_PASSWORDS.traveler } })
  ).json();
  const reply = await (
    await request.get(`/api/v2/bookings-new/traveler/${login.user.id}`, {
      headers: { authorization: `Bearer ${login.token}` },
    })
  ).json();
  return (reply.data as Trip[]).filter((b) => b.status !== 'cancelled' && b.status !== 'completed');
}

/**
 * The first start, from `fromDay` days ahead for the next 60 days, at which the guide is free for
 * `hours` hours, at or after `notBefore` (Japan time), and which overlaps no trip of the demo traveler
 * in any status. The browser tests book the demo traveler on one shared server per worker, and its
 * seeded stories must stay as seeded: a tour awaiting a replacement holds none of the traveler's hours
 * for the server, so a test booking those hours would leave e2e/trip-trouble.spec.ts nobody to offer.
 */
export async function freeSlot(
  request: APIRequestContext,
  guideId: number,
  o: { fromDay: number; hours?: number; notBefore?: string; days?: number },
): Promise<{ date: string; startTime: string }> {
  const hours = o.hours ?? 2;
  const trips = await demoTravelerTrips(request);
  for (let day = o.fromDay; day < o.fromDay + 60; day++) {
    const date = tokyoDate(day);
    // With `days`, a start every day offers; its slot ends with the last day (decision 154).
    const reply = await (
      await request.get(`/api/v2/guides/${guideId}/slots`, {
        params: { date, durationHours: hours, ...(o.days ? { days: o.days } : {}) },
      })
    ).json();
    const slot = (reply.slots as { startTime: string; startsAt: string; endsAt: string }[] | undefined)?.find(
      (s) =>
        s.startTime >= (o.notBefore ?? '00:00') &&
        !trips.some(
          (b) => Date.parse(b.startsAt) < Date.parse(s.endsAt) && Date.parse(b.endsAt) > Date.parse(s.startsAt),
        ),
    );
    if (slot) return { date, startTime: slot.startTime };
  }
  throw new Error(`no free slot for guide ${guideId} in 60 days from day ${o.fromDay}`);
}
