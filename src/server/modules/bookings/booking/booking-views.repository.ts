/**
 * A booking as the API's view reads it (`toBooking` in booking-view.ts): one join with both parties and the service,
 * then its payments, extensions and reschedule proposal; the rows the services lock and write stay in
 * bookings.repository.ts.
 */
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import {
  bookingExtensions,
  bookingReschedules,
  bookings,
  guides,
  payments,
  serviceSubcategories,
  users,
} from '../../../db/schema/index';
import type { PaymentRow } from './bookings.repository';
import { guidePayColumns } from './guide-pay.repository';

const guideUser = alias(users, 'guide_user');

/** The open replacement as the view reads it (ISO 8601 instants). */
export interface OpenReplacementView {
  status: 'open' | 'requested';
  lapsesAt: string;
  answerBy: string | null;
  coveredCents: number;
  /** The cancelling guide's own words. */
  reason: string | null;
  /** Opened after the guide's no-show: a replacement later the same day (decision 140). */
  sameDay: boolean;
}

/** Who sold a reseller's booking and the traveler's contact it passed (decision 202). */
export interface ResellerView {
  name: string;
  contact: {
    fullName: string | null;
    emailAddress: string | null;
    phoneNumber: string | null;
    locales: string[];
  } | null;
}

/**
 * A booking with both parties and the service: the view's one join (`bookingViews`, a payment's lock, which adds its
 * session check as `extra`).
 */
export function viewQuery<X extends Record<string, SQL>>(db: Database, extra: X = {} as X) {
  return db
    .select({
      ...extra,
      booking: bookings,
      // The phone only for the guide on the trip day (toBooking, decision 147).
      traveler: { id: users.id, fullName: users.fullName, profilePicture: users.profilePicture, phone: users.phone },
      guide: {
        id: guides.id,
        userId: guides.userId,
        fullName: guideUser.fullName,
        profilePicture: guideUser.profilePicture,
        serviceCity: guides.serviceCity,
        timeZone: guides.timeZone,
      },
      subcategory: {
        id: serviceSubcategories.id,
        nameEn: serviceSubcategories.nameEn,
        nameCn: serviceSubcategories.nameCn,
        nameJa: serviceSubcategories.nameJa,
      },
      // The open replacement (decision 137), in the same statement: most bookings never have one.
      // The credit the booking's end gave (decision 139), likewise.
      creditIssued: sql<{
        amountCents: number;
        expiresAt: string;
        spent: boolean;
      } | null>`(select json_build_object('amountCents', c.amount_cents, 'expiresAt', to_char(c.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'spent', c.spent_booking_id is not null) from travel_credits c where c.source_booking_id = ${bookings.id})`,
      // What the guide's booking shows she receives (decision 175), and the languages of the parties'
      // accounts, which say what language their names and words are in (decision 146's `writer`).
      ...guidePayColumns,
      writers: { traveler: users.locale, guide: guideUser.locale },
      // A reseller's booking (decision 202): who sold it, and the traveler's contact it passed, read instead of a chat.
      reseller: sql<ResellerView | null>`(select json_build_object('name', ch.name, 'contact', o.contact) from octo_bookings o join channels ch on ch.id = o.channel_id where o.booking_id = ${bookings.id})`,
      replacement: sql<OpenReplacementView | null>`(select json_build_object('status', r.status, 'lapsesAt', to_char(r.lapses_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'answerBy', to_char(r.answer_by at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'coveredCents', r.covered_cents, 'reason', r.reason, 'sameDay', r.same_day) from booking_replacements r where r.booking_id = ${bookings.id} and r.status in ('open', 'requested'))`,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.travelerId))
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .innerJoin(guideUser, eq(guideUser.id, guides.userId))
    .leftJoin(serviceSubcategories, eq(serviceSubcategories.id, bookings.subcategoryId));
}

/**
 * The trip change waiting for the guide's answer (decision 177; at most one open per booking, by its
 * index), in the view's statement: the lists carry it for the guide's "needs your attention" (decision 195).
 */
const requestedChange = sql<{
  id: number;
  answerBy: string | null;
} | null>`(select json_build_object('id', c.id, 'answerBy', to_char(c.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) from booking_changes c where c.booking_id = ${bookings.id} and c.status = 'requested')`;

/** Booking rows with both parties and the service, for the API's booking view. */
/** A booking's parts its reader already holds (a reply right after a write), so they are not read again. */
export interface KnownViewParts {
  payments: PaymentRow[];
  extensions: (typeof bookingExtensions.$inferSelect)[];
  reschedule: typeof bookingReschedules.$inferSelect | null;
  replacement: OpenReplacementView | null;
  creditIssued: { amountCents: number; expiresAt: string; spent: boolean } | null;
}

export async function bookingViews(
  db: Database,
  where: { ids?: number[]; travelerId?: number; guideId?: number; excludePending?: boolean },
  known?: KnownViewParts,
) {
  const conditions = [
    where.ids ? inArray(bookings.id, where.ids) : undefined,
    where.travelerId !== undefined ? eq(bookings.travelerId, where.travelerId) : undefined,
    where.guideId !== undefined ? eq(bookings.guideId, where.guideId) : undefined,
    where.excludePending ? ne(bookings.status, 'pending') : undefined,
  ].filter((c) => c !== undefined);
  const rows = await viewQuery(db, { changeRequest: requestedChange })
    .where(and(...conditions))
    .orderBy(desc(bookings.startsAt), desc(bookings.id))
    .limit(1000);
  if (known) return rows.map((r) => ({ ...r, ...known }));
  const extensionRows = rows.length
    ? await db
        .select()
        .from(bookingExtensions)
        .where(
          inArray(
            bookingExtensions.bookingId,
            rows.map((r) => r.booking.id),
          ),
        )
        .orderBy(asc(bookingExtensions.id))
    : [];
  const paymentRows = rows.length
    ? await db
        .select()
        .from(payments)
        .where(
          inArray(
            payments.bookingId,
            rows.map((r) => r.booking.id),
          ),
        )
        .orderBy(asc(payments.id))
    : [];
  // The latest reschedule proposal of each (decision 079).
  const proposalRows = rows.length
    ? await db
        .select()
        .from(bookingReschedules)
        .where(
          inArray(
            bookingReschedules.bookingId,
            rows.map((r) => r.booking.id),
          ),
        )
        .orderBy(desc(bookingReschedules.id))
    : [];
  return rows.map((r) => ({
    ...r,
    payments: paymentRows.filter((p) => p.bookingId === r.booking.id),
    extensions: extensionRows.filter((e) => e.bookingId === r.booking.id),
    reschedule: proposalRows.find((p) => p.bookingId === r.booking.id) ?? null,
  }));
}

export type BookingViewRow = Awaited<ReturnType<typeof bookingViews>>[number];
