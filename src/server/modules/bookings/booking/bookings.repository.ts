import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { BookingStatus } from '../../../../shared/booking/state-machine';
import type { Posting } from '../../../../shared/booking/ledger';
import type { Currency } from '../../../../shared/currency';
import type { Database } from '../../../db/client';
import {
  bookingExtensions,
  bookings,
  guideAvailabilityExceptions,
  guides,
  guideWeeklyAvailability,
  jobs,
  ledgerEntries,
  payments,
  users,
} from '../../../db/schema/index';
import { travelerBusyCondition } from './busy.repository';

export type BookingRow = typeof bookings.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;

/** Serialises bookings of one guide across connections and instances (decision 040). */
export async function lockGuideSchedule(tx: Database, guideId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7001, ${guideId})`);
}

/**
 * A traveler's bookings are checked for overlaps under this lock (taken after the guide's, always in
 * that order), so two checkouts by one traveler cannot both pass the check.
 */
export async function lockTravelerSchedule(tx: Database, travelerId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7002, ${travelerId})`);
}

/**
 * The traveler's active bookings that overlap [from, to), with whether money is on its way for an
 * unpaid one (a payment processing, or waiting for a wallet's approval).
 */
export async function travelerOverlaps(db: Database, travelerId: number, from: Date, to: Date) {
  return db
    .select({
      id: bookings.id,
      bookingNumber: bookings.bookingNumber,
      status: bookings.status,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      timeZone: bookings.timeZone,
      // Qualified by hand: inside a select list Drizzle writes a column without its table, and a bare
      // "id" here would be the payment's.
      paymentInFlight: sql<boolean>`exists (select 1 from payments p where p.booking_id = bookings.id and p.status in ('processing', 'pending', 'succeeded'))`,
    })
    .from(bookings)
    .where(travelerBusyCondition(travelerId, from, to));
}

/** What booking a guide needs: rates, ranges, zone, owner; null for a missing or deleted owner. */
/** What booking a guide needs of them: rates, group and duration ranges, zone (the checkout reads the same). */
export const bookableGuideColumns = {
  id: guides.id,
  userId: guides.userId,
  status: guides.status,
  basicPricePerHourCents: guides.basicPricePerHourCents,
  additionalPricePerPersonCents: guides.additionalPricePerPersonCents,
  includedPeople: guides.includedPeople,
  childPricePercent: guides.childPricePercent,
  infantsFree: guides.infantsFree,
  extras: guides.extras,
  dayRateCents: guides.dayRateCents,
  dayHours: guides.dayHours,
  currency: guides.currency,
  minPeople: guides.minPeople,
  maxPeople: guides.maxPeople,
  minDurationHours: guides.minDurationHours,
  maxDurationHours: guides.maxDurationHours,
  timeZone: guides.timeZone,
  // When the guide can be booked and whether at once (decision 153).
  minNoticeHours: guides.minNoticeHours,
  bufferMinutes: guides.bufferMinutes,
  instantBook: guides.instantBook,
  instantBookPausedUntil: guides.instantBookPausedUntil,
};

export async function guideForBooking(db: Database, guideId: number) {
  const [row] = await db
    .select(bookableGuideColumns)
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(and(eq(guides.id, guideId), sql`${users.deletedAt} is null`));
  return row;
}

export type GuideForBooking = NonNullable<Awaited<ReturnType<typeof guideForBooking>>>;

/**
 * A guide with instant booking who cancels a confirmed booking loses it until `until` (decision 153); others are
 * untouched.
 */
export async function pauseInstantBook(tx: Database, guideId: number, until: Date): Promise<void> {
  await tx
    .update(guides)
    .set({ instantBookPausedUntil: until })
    .where(and(eq(guides.id, guideId), eq(guides.instantBook, true)));
}

/** Weekly hours and the exceptions of the given dates. */
export async function guideSchedule(db: Database, guideId: number, dates: string[]) {
  const [weekly, exceptions] = await Promise.all([
    db
      .select({
        weekday: guideWeeklyAvailability.weekday,
        startMinute: guideWeeklyAvailability.startMinute,
        endMinute: guideWeeklyAvailability.endMinute,
      })
      .from(guideWeeklyAvailability)
      .where(eq(guideWeeklyAvailability.guideId, guideId)),
    db
      .select({
        date: guideAvailabilityExceptions.date,
        available: guideAvailabilityExceptions.available,
        startMinute: guideAvailabilityExceptions.startMinute,
        endMinute: guideAvailabilityExceptions.endMinute,
      })
      .from(guideAvailabilityExceptions)
      .where(and(eq(guideAvailabilityExceptions.guideId, guideId), inArray(guideAvailabilityExceptions.date, dates))),
  ]);
  return { weekly, exceptions };
}

/** The booking row, locked for the rest of the transaction. */
export async function lockBooking(tx: Database, id: number): Promise<BookingRow | undefined> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row;
}

/** `lockBooking` with the guide's user id, in one statement (a payment's success). */
export async function lockBookingWithGuide(
  tx: Database,
  id: number,
): Promise<{ booking: BookingRow; guideUserId: number } | undefined> {
  const [row] = await tx
    .select({ booking: bookings, guideUserId: guides.userId })
    .from(bookings)
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .where(eq(bookings.id, id))
    .for('update', { of: bookings });
  return row;
}

export async function findBooking(db: Database, id: number): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

/**
 * Applies a state-machine transition: only if the status is still `from` (a concurrent change makes
 * this return undefined). The one place a booking's status is written.
 */
export async function transitionBooking(
  tx: Database,
  id: number,
  from: BookingStatus,
  to: BookingStatus,
  set: Partial<NewBooking> = {},
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ ...set, status: to, updatedAt: new Date() })
    .where(and(eq(bookings.id, id), eq(bookings.status, from)))
    .returning();
  return row;
}

// ---------------------------------------------------------------- payments

export async function paymentById(db: Database, id: number, lock = false): Promise<PaymentRow | undefined> {
  const q = db.select().from(payments).where(eq(payments.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Payments still open with the provider (processing or pending) untouched since `before`, oldest first. */
export async function stalePayments(
  db: Database,
  provider: string,
  before: Date,
  limit: number,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.status, ['processing', 'pending']),
        lt(payments.updatedAt, before),
        eq(payments.provider, provider),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(limit);
}

export async function paymentByRef(db: Database, provider: string, ref: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, ref)));
  return row;
}

/** A payment claim's one read: the caller's payment with this key (any booking) and the booking's deposits. */
export async function paymentsForClaim(
  db: Database,
  bookingId: number,
  payerId: number,
  key: string,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      or(
        and(eq(payments.payerId, payerId), eq(payments.idempotencyKey, key)),
        and(eq(payments.bookingId, bookingId), eq(payments.kind, 'deposit')),
      ),
    )
    .orderBy(asc(payments.id));
}

export async function depositPayments(db: Database, bookingId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'deposit')))
    .orderBy(asc(payments.id));
}

export async function insertPayment(tx: Database, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

export async function updatePayment(
  db: Database,
  id: number,
  set: Partial<typeof payments.$inferInsert>,
  onlyIfStatus?: PaymentRow['status'][],
) {
  const [row] = await db
    .update(payments)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(payments.id, id), onlyIfStatus ? inArray(payments.status, onlyIfStatus) : undefined))
    .returning();
  return row;
}

// ---------------------------------------------------------------- ledger

/** Writes postings for a booking; the traveler's and guide's user ids name their accounts. */
export async function insertPostings(
  tx: Database,
  bookingId: number,
  postings: Posting[],
  parties: { travelerId: number; guideUserId: number; paymentId?: number | null; guideAvailableAt?: Date | null },
): Promise<void> {
  if (!postings.length) return;
  await tx.insert(ledgerEntries).values(
    postings.map((p) => ({
      bookingId,
      account: p.account,
      userId: p.account === 'traveler' ? parties.travelerId : p.account === 'guide' ? parties.guideUserId : null,
      kind: p.kind,
      amountCents: p.amountCents,
      // A posting without its own currency is in the booking's (decision 164), read in the same statement.
      currency: p.currency ?? sql<Currency>`(SELECT currency FROM bookings WHERE id = ${bookingId})`,
      paymentId: parties.paymentId ?? null,
      availableAt: p.account === 'guide' ? (parties.guideAvailableAt ?? null) : null,
    })),
  );
}

export async function ledgerOf(db: Database, bookingId: number) {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId)).orderBy(asc(ledgerEntries.id));
}

export async function guideUserIdOf(db: Database, guideId: number): Promise<number | undefined> {
  const [row] = await db.select({ userId: guides.userId }).from(guides).where(eq(guides.id, guideId));
  return row?.userId;
}

export async function guideIdOfUser(db: Database, userId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: guides.id }).from(guides).where(eq(guides.userId, userId));
  return row?.id;
}

// ---------------------------------------------------------------- extensions

export type ExtensionRow = typeof bookingExtensions.$inferSelect;
const OPEN_EXTENSION = ['requested', 'paid', 'approved'] as const;

export async function extensionsOf(db: Database, bookingId: number): Promise<ExtensionRow[]> {
  return db
    .select()
    .from(bookingExtensions)
    .where(eq(bookingExtensions.bookingId, bookingId))
    .orderBy(asc(bookingExtensions.id));
}

/** The booking's open extension (requested, paid or approved), if any. */
export async function openExtension(db: Database, bookingId: number): Promise<ExtensionRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingExtensions)
    .where(and(eq(bookingExtensions.bookingId, bookingId), inArray(bookingExtensions.status, [...OPEN_EXTENSION])));
  return row;
}

export async function insertExtension(
  tx: Database,
  values: typeof bookingExtensions.$inferInsert,
): Promise<ExtensionRow> {
  const [row] = await tx.insert(bookingExtensions).values(values).returning();
  return row!;
}

export async function updateExtension(
  tx: Database,
  id: number,
  set: Partial<typeof bookingExtensions.$inferInsert>,
): Promise<ExtensionRow | undefined> {
  const [row] = await tx.update(bookingExtensions).set(set).where(eq(bookingExtensions.id, id)).returning();
  return row;
}

export async function extensionByPayment(db: Database, paymentId: number): Promise<ExtensionRow | undefined> {
  const [row] = await db.select().from(bookingExtensions).where(eq(bookingExtensions.paymentId, paymentId));
  return row;
}

export async function extensionPayments(db: Database, bookingId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'extension')))
    .orderBy(asc(payments.id));
}

/** A queued job, found by its dedupe key, runs at `runAt` instead (a reseller's hold extended, decision 202). */
export async function moveQueuedJob(db: Database, dedupeKey: string, runAt: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt })
    .where(and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.status, 'queued')));
}
