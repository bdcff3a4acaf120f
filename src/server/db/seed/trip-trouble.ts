import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { addDays, todayInZone } from '../../../shared/availability';
import { SERVICE_CITIES } from '../../../shared/cities';
import { chargeFor, paidPostings } from '../../../shared/booking/charge';
import { depositPostings } from '../../../shared/booking/ledger';
import { bookingPrice, type BookingPrice } from '../../../shared/booking/money-rules';
import {
  DEFAULT_REPLACEMENT_COVER_RATE,
  replacementLapsesAt,
  replacementPrice,
} from '../../../shared/booking/replacement';
import { bookableSlots, zonedTimeToUtc } from '../../../shared/booking/schedule';
import type { BookingStatus } from '../../../shared/booking/state-machine';
import { guideBusyRanges, guideForBooking, guidesDays, travelerBusyCondition } from '../../modules/bookings/index';
import { travelerBookingPath } from '../../../shared/booking/links';
import { bookingNumber } from '../../../shared/booking/money-rules';
import { tripTroubleTexts } from '../../modules/notifications/index';
import type { Database } from '../client';
import { seedCharge } from './deposits';
import { seedNotice } from './notices';
import {
  bookingReplacements,
  bookings,
  guides,
  guideServices,
  jobs,
  ledgerEntries,
  payments,
  users,
} from '../schema/index';

const HOUR = 3_600_000;
/** The replacement's lapse job, as the bookings module queues it (JOB.replacementLapse). */
const LAPSE_JOB = 'booking.replacement_lapse';
const TRAVELERS = 2;
const HOURS = 3;
/** The cancelling guide's words, which the traveler reads on the card and in the notice. */
const CANCEL_NOTE = '家里临时有急事，那天没办法带团，非常抱歉。';

/**
 * When a trip goes wrong, for the demo traveler Li Wei (decisions 137, 138): a paid tour a few days
 * ahead whose guide has cancelled, waiting for her to choose a replacement (at least one other guide
 * of that city who speaks Chinese and offers the service is free then: the seed test asks the API),
 * and a tour today that started at least 40 minutes before the seeding and whose guide never confirmed it,
 * so her card offers "地陪没有来". Tokyo is left out of the choice, so the demo guide is never offered
 * and her dashboard stays as the other steps leave it.
 */
export async function seedDemoTripTrouble(db: Database, now: Date): Promise<void> {
  const [traveler] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'traveler'));
  if (!traveler) return;
  await seedAwaitingReplacement(db, traveler.id, now);
  await seedNoShowTour(db, traveler.id, now);
}

type Guide = NonNullable<Awaited<ReturnType<typeof guideForBooking>>>;

const priceWith = (g: Guide, servicePriceCents: number | null, hours: number): BookingPrice =>
  bookingPrice({
    basicPerHourCents: g.basicPricePerHourCents,
    additionalPerPersonCents: g.additionalPricePerPersonCents,
    servicePriceCents,
    includedPeople: g.includedPeople,
    adults: TRAVELERS,
    hours,
  });

/** A guide fit for the tour's group and length. */
const fits = (g: Guide, hours: number) =>
  g.minPeople <= TRAVELERS && g.maxPeople >= TRAVELERS && g.minDurationHours <= hours && g.maxDurationHours >= hours;

interface Choice {
  from: Guide;
  subcategoryId: number;
  price: BookingPrice;
  startsAt: Date;
  date: string;
  startMinute: number;
  city: string;
}

/**
 * The first start from 5 days ahead, over a week, at which `from` can be booked (the traveler free too) and
 * `other` is free to take the tour over: where findChoice looks for the day its cancelled tour falls on.
 */
async function firstSharedSlot(
  db: Database,
  from: Guide,
  other: Guide,
  travelerBusy: { startsAt: Date; endsAt: Date }[],
  now: Date,
) {
  const today = todayInZone(from.timeZone, now);
  for (let day = 5; day < 12; day++) {
    const date = addDays(today, day);
    const dayStart = zonedTimeToUtc(date, 0, from.timeZone);
    const days = await guidesDays(db, [from.id, other.id], date, dayStart, new Date(dayStart.getTime() + 24 * HOUR));
    const [fromDay, otherDay] = [days.get(from.id)!, days.get(other.id)!];
    const q = { date, durationMinutes: HOURS * 60, timeZone: from.timeZone, now };
    const free = bookableSlots({ ...q, ...otherDay, minNoticeMinutes: 0 });
    const slot = bookableSlots({ ...q, ...fromDay, busy: [...fromDay.busy, ...travelerBusy] }).find((s) =>
      free.some((f) => f.startsAt.getTime() === s.startsAt.getTime()),
    );
    if (slot) return { startsAt: slot.startsAt, date, startMinute: slot.startMinute };
  }
  return undefined;
}

/**
 * The first city (not Tokyo), day from 5 days ahead and start at which a guide and another listed
 * guide of that city who speaks Chinese and offers the same service are both free, and the second's
 * price is one the replacement rule offers (decision 137); the traveler free then too.
 */
async function findChoice(db: Database, travelerId: number, now: Date): Promise<Choice | undefined> {
  // The traveler's trips over the weeks the choice looks at (one traveler, one place).
  const travelerBusy = await db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(travelerBusyCondition(travelerId, now, new Date(now.getTime() + 14 * 24 * HOUR)));
  // Osaka first: the traveler's other trips are in Tokyo and Kyoto.
  const cities = [
    ...SERVICE_CITIES.filter((c) => c.slug === 'osaka'),
    ...SERVICE_CITIES.filter((c) => c.slug !== 'osaka' && c.slug !== 'tokyo'),
  ];
  for (const city of cities) {
    const listed = await db
      .select({ id: guides.id, languages: guides.languages })
      .from(guides)
      .innerJoin(users, eq(users.id, guides.userId))
      .where(and(eq(guides.serviceCity, city.slug), eq(guides.status, 'active'), eq(users.identityVerified, true)))
      .orderBy(asc(guides.id));
    if (listed.length < 2) continue;
    const all = (await Promise.all(listed.map((g) => guideForBooking(db, g.id)))).filter(
      (g): g is Guide => !!g && fits(g, HOURS),
    );
    const chinese = new Set(listed.filter((g) => g.languages.includes('zh')).map((g) => g.id));
    const services = await db
      .select()
      .from(guideServices)
      .where(
        inArray(
          guideServices.guideId,
          all.map((g) => g.id),
        ),
      );
    const offered = (guideId: number) => services.filter((s) => s.guideId === guideId);
    for (const from of all) {
      for (const service of offered(from.id)) {
        const price = priceWith(from, service.priceCents, HOURS);
        // A replacement takes the booking's price over in its currency (decision 164).
        const others = all.filter(
          (g) =>
            g.id !== from.id &&
            g.currency === from.currency &&
            chinese.has(g.id) &&
            offered(g.id).some((s) => s.subcategoryId === service.subcategoryId),
        );
        for (const other of others) {
          const theirs = offered(other.id).find((s) => s.subcategoryId === service.subcategoryId)!;
          const next = priceWith(other, theirs.priceCents, HOURS);
          if (
            !replacementPrice({
              bookedTotalCents: price.totalCents,
              newTotalCents: next.totalCents,
              depositPaidCents: price.depositCents,
              coverRate: DEFAULT_REPLACEMENT_COVER_RATE,
            })
          )
            continue;
          const found = await firstSharedSlot(db, from, other, travelerBusy, now);
          if (found) return { from, subcategoryId: service.subcategoryId, price, ...found, city: city.slug };
        }
      }
    }
  }
  return undefined;
}

/** A paid tour as the checkout leaves it: the booking, its succeeded deposit and the deposit's ledger postings. */
async function insertPaidBooking(
  db: Database,
  o: {
    travelerId: number;
    guide: Guide;
    status: BookingStatus;
    date: string;
    startMinute: number;
    startsAt: Date;
    hours: number;
    price: BookingPrice;
    subcategoryId: number | null;
    method: 'card' | 'alipay' | 'wechat';
    meetingAddress: string | null;
    paidAt: Date;
  },
) {
  const [b] = await db
    .insert(bookings)
    .values({
      travelerId: o.travelerId,
      guideId: o.guide.id,
      subcategoryId: o.subcategoryId,
      status: o.status,
      date: o.date,
      startMinute: o.startMinute,
      durationMinutes: o.hours * 60,
      timeZone: o.guide.timeZone,
      startsAt: o.startsAt,
      endsAt: new Date(o.startsAt.getTime() + o.hours * HOUR),
      travelers: TRAVELERS,
      unitPriceCents: o.price.unitPriceCents,
      additionalPerPersonCents: o.price.additionalPerPersonCents,
      totalPriceCents: o.price.totalCents,
      priceLines: o.price.lines,
      depositCents: o.price.depositCents,
      commissionCents: o.price.commissionCents,
      currency: o.guide.currency,
      ...seedCharge(o.guide.currency, o.price.depositCents),
      meetingAddress: o.meetingAddress,
      paidAt: o.paidAt,
      acceptedAt: new Date(o.paidAt.getTime() + 3 * HOUR),
      createdAt: new Date(o.paidAt.getTime() - 6 * 60_000),
      updatedAt: o.paidAt,
    })
    .returning();
  const [payment] = await db
    .insert(payments)
    .values({
      bookingId: b!.id,
      payerId: o.travelerId,
      kind: 'deposit',
      method: o.method,
      provider: 'simulated',
      providerRef: `sim_${o.method}_seed_${b!.id}`,
      idempotencyKey: `seed-${b!.id}`,
      requestHash: 'seed',
      status: 'succeeded',
      ...chargeFor(b!, o.price.depositCents, o.method, true),
      cardLast4: o.method === 'card' ? '4242' : null,
      createdAt: o.paidAt,
      updatedAt: o.paidAt,
    })
    .returning();
  await db.insert(ledgerEntries).values(
    paidPostings(depositPostings(o.price.depositCents), b!.currency, payment!).map((p) => ({
      bookingId: b!.id,
      account: p.account,
      userId: p.account === 'traveler' ? o.travelerId : null,
      kind: p.kind,
      amountCents: p.amountCents,
      currency: p.currency ?? b!.currency,
      paymentId: payment!.id,
      createdAt: o.paidAt,
    })),
  );
  return b!;
}

/** Decision 137: the guide cancelled two hours before the seeding; the choice lapses 3 h before the start. */
async function seedAwaitingReplacement(db: Database, travelerId: number, now: Date): Promise<void> {
  const choice = await findChoice(db, travelerId, now);
  if (!choice) return;
  const b = await insertPaidBooking(db, {
    travelerId,
    guide: choice.from,
    status: 'awaiting_replacement',
    date: choice.date,
    startMinute: choice.startMinute,
    startsAt: choice.startsAt,
    hours: HOURS,
    price: choice.price,
    subcategoryId: choice.subcategoryId,
    method: 'wechat',
    meetingAddress: choice.city === 'osaka' ? 'Osaka Castle, Otemon gate · 大阪城 大手門 · 大阪城 大手门' : null,
    paidAt: new Date(now.getTime() - 3 * 24 * HOUR),
  });
  const lapsesAt = replacementLapsesAt(b.startsAt);
  const [row] = await db
    .insert(bookingReplacements)
    .values({
      bookingId: b.id,
      fromGuideId: choice.from.id,
      status: 'open',
      reason: CANCEL_NOTE,
      bookedPrice: {
        unitPriceCents: b.unitPriceCents,
        additionalPerPersonCents: b.additionalPerPersonCents,
        totalPriceCents: b.totalPriceCents,
        commissionCents: b.commissionCents,
      },
      lapsesAt,
      createdAt: new Date(now.getTime() - 2 * HOUR),
    })
    .returning({ id: bookingReplacements.id });
  await db
    .update(bookings)
    .set({ updatedAt: new Date(now.getTime() - 2 * HOUR) })
    .where(eq(bookings.id, b.id));
  await db.insert(jobs).values({
    kind: LAPSE_JOB,
    payload: { bookingId: b.id, replacementId: row!.id },
    runAt: lapsesAt,
    dedupeKey: `${LAPSE_JOB}:${row!.id}`,
  });
  // The traveler was told when the guide cancelled, with the time to choose by, as the real event tells her.
  await seedNotice(db, {
    userId: travelerId,
    type: 'booking',
    text: tripTroubleTexts.replacementOffered(bookingNumber(b.id), CANCEL_NOTE, lapsesAt.toISOString()),
    related: { type: 'booking', id: b.id },
    actionUrl: travelerBookingPath(b.id),
    createdAt: new Date(now.getTime() - 2 * HOUR),
    dedupeKey: `booking:${b.id}:replacement-offered:${lapsesAt.toISOString()}:${choice.from.userId}`,
  });
}

/**
 * Decision 138: a short tour with a Tokyo guide (not the demo guide) that started at least 40 minutes
 * before the seeding, ending before the traveler's other tours of the day, that neither side confirmed (just
 * after midnight in Tokyo it falls on the evening before, as the tour under way starts at midnight then): from
 * 20 minutes after the start the traveler may report that the guide did not come.
 */
async function seedNoShowTour(db: Database, travelerId: number, now: Date): Promise<void> {
  const [row] = await db
    .select({ id: guides.id })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(and(eq(guides.serviceCity, 'tokyo'), eq(guides.status, 'active'), ne(users.username, 'guide')))
    // The shortest tour a guide takes, so that it fits before the traveler's tours of the day.
    .orderBy(asc(guides.minDurationHours), asc(guides.id))
    .limit(1);
  const guide = row && (await guideForBooking(db, row.id));
  if (!guide) return;
  const hours = Math.max(1, guide.minDurationHours);
  const halfHour = 30 * 60_000;
  // The traveler's tours around now (the seeded tour day): this one ends before the first of them starts.
  const around = await db
    .select({ startsAt: bookings.startsAt })
    .from(bookings)
    .where(travelerBusyCondition(travelerId, new Date(now.getTime() - 12 * HOUR), new Date(now.getTime() + 12 * HOUR)))
    .orderBy(asc(bookings.startsAt))
    .limit(1);
  const latest = Math.floor((now.getTime() - 40 * 60_000) / halfHour) * halfHour;
  const before = around[0] ? around[0].startsAt.getTime() - hours * HOUR - halfHour : latest;
  const startsAt = new Date(Math.min(latest, before));
  const endsAt = new Date(startsAt.getTime() + hours * HOUR);
  if ((await guideBusyRanges(db, guide.id, startsAt, endsAt)).length > 0) return; // the guide's no-overlap rule
  const date = todayInZone(guide.timeZone, startsAt);
  await insertPaidBooking(db, {
    travelerId,
    guide,
    status: 'awaiting_start',
    date,
    startMinute: Math.round((startsAt.getTime() - zonedTimeToUtc(date, 0, guide.timeZone).getTime()) / 60_000),
    startsAt,
    hours,
    price: priceWith(guide, null, hours),
    subcategoryId: null,
    method: 'alipay',
    meetingAddress: '东京站八重洲北口',
    paidAt: new Date(startsAt.getTime() - 4 * 24 * HOUR),
  });
}
