import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { addDays, todayInZone } from '../../../shared/availability';
import { bookableSlots } from '../../../shared/booking/schedule';
import type { Database } from '../client';
import { bookings, guides, users } from '../schema/index';
import { seedSchedule } from './schedule';

/** The cities families book most, and how many guides in each confirm at once. */
export const INSTANT_CITIES = ['tokyo', 'kyoto', 'osaka'] as const;
export const INSTANT_PER_CITY = 3;
/** Bookable means: a start for the guide's shortest tour on this many days of the next four weeks. */
const OPEN_DAYS = 8;
const WEEKS_AHEAD = 4;
const NOTICE_HOURS = 12;
const BUFFER_MINUTES = 30;

/**
 * Guides who confirm at once (decisions 153, 180): in Tokyo, Kyoto and Osaka, three each, with
 * instant booking on, a 12-hour notice and the usual 30 minutes between tours, so a family's
 * "Instant confirmation" search in any of them finds several. Each takes a family of four and
 * really has starts on at least 8 days of the next four weeks (its weekly hours, days off and
 * seeded tours counted as the slots count them); the demo guide and any guide with a request
 * still waiting for an answer are left as they are (an instant guide has none). Chinese-speaking
 * guides first, then those with a family price, then the first listed. Their existing bookings keep
 * what they were made as.
 */
export async function seedDemoInstantBook(db: Database, now: Date): Promise<void> {
  const waiting = db.select({ id: bookings.guideId }).from(bookings).where(eq(bookings.status, 'confirmed'));
  const candidates = await db
    .select({ id: guides.id, city: guides.serviceCity, timeZone: guides.timeZone, minHours: guides.minDurationHours })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(
      and(
        inArray(guides.serviceCity, [...INSTANT_CITIES]),
        eq(guides.status, 'active'),
        eq(users.identityVerified, true),
        ne(users.username, 'guide'),
        gte(guides.maxPeople, 4),
        sql`${guides.id} not in ${waiting}`,
      ),
    )
    .orderBy(
      sql`('zh' = any(${guides.languages})) desc`,
      sql`(${guides.includedPeople} > 1 or ${guides.childPricePercent} < 100 or ${guides.dayRateCents} is not null) desc`,
      asc(guides.id),
    );
  const chosen: number[] = [];
  for (const city of INSTANT_CITIES) {
    let taken = 0;
    for (const g of candidates.filter((c) => c.city === city)) {
      if (taken === INSTANT_PER_CITY) break;
      if ((await openDays(db, g, now)) < OPEN_DAYS) continue;
      chosen.push(g.id);
      taken++;
    }
  }
  if (chosen.length)
    await db
      .update(guides)
      .set({ instantBook: true, minNoticeHours: NOTICE_HOURS, bufferMinutes: BUFFER_MINUTES })
      .where(inArray(guides.id, chosen));
}

/**
 * The days of the next four weeks with a start for the guide's shortest tour, under the notice and buffer it is given.
 */
async function openDays(
  db: Database,
  g: { id: number; timeZone: string; minHours: number },
  now: Date,
): Promise<number> {
  const { weekly, exceptions, busy } = await seedSchedule(db, g.id);
  const today = todayInZone(g.timeZone, now);
  let open = 0;
  for (let i = 0; i < WEEKS_AHEAD * 7; i++) {
    const date = addDays(today, i);
    const slots = bookableSlots({
      date,
      durationMinutes: g.minHours * 60,
      timeZone: g.timeZone,
      weekly,
      exceptions,
      busy,
      now,
      minNoticeMinutes: NOTICE_HOURS * 60,
      bufferMinutes: BUFFER_MINUTES,
    });
    if (slots.length) open++;
  }
  return open;
}
