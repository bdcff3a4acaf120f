import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CURRENCIES, FX_SOURCES } from '../../../shared/currency';
import { BOOKING_STATUSES } from '../../../shared/booking/state-machine';
import { LEDGER_ACCOUNTS, LEDGER_KINDS } from '../../../shared/booking/ledger';
import type { PriceLine } from '../../../shared/booking/money-rules';
import type { ChosenExtra, StoredDayPlan } from '../../../shared/booking/family-plans';
import type { WeatherWarningEvidence } from '../../../shared/weather';
import { serviceSubcategories } from './catalog';
import { channels } from './channels';
import { guides } from './guides';
import { users } from './users';

/**
 * A booking (docs/rules/booking-lifecycle.md). Its status changes only through the shared state machine
 * (`UPDATE … WHERE status = :from`). Prices are frozen at creation (decision 040). The migration adds
 * `bookings_no_overlap`: an exclusion constraint on the guide and [starts_at, ends_at) of active
 * bookings, so a guide cannot be double-booked.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Shown instead of TG + id when set. */
    bookingNumber: text('booking_number'),
    travelerId: integer('traveler_id')
      .notNull()
      .references(() => users.id),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    /** The tour's date and start in the guide's zone (frozen with the zone at booking time). */
    date: date('date', { mode: 'string' }).notNull(),
    startMinute: smallint('start_minute').notNull(),
    /**
     * One day's length (decision 154: a multi-day booking's every day is this long; an extension lengthens the last).
     */
    durationMinutes: integer('duration_minutes').notNull(),
    /**
     * Consecutive days with the same guide (decision 154), 1–7. `date`, `start_minute` and `starts_at`
     * are the first day's; `ends_at` is the last day's end, so the booking holds the guide throughout.
     */
    days: smallint('days').notNull().default(1),
    timeZone: text('time_zone').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Everyone on the tour, infants included: what min/max people and every count read (decision 152). */
    travelers: smallint('travelers').notNull(),
    /** Children aged 3–11 and infants under 3 among the travelers (decision 152). */
    children: smallint('children').notNull().default(0),
    infants: smallint('infants').notNull().default(0),
    /**
     * The rest are adults, by construction (decision 152): a writer that knows no ages (an offer, the
     * seed) sets `travelers` alone and books adults, and the three can never disagree with it.
     */
    adults: smallint('adults')
      .notNull()
      .generatedAlwaysAs(sql`travelers - children - infants`),
    /** The price lines as charged (decision 152: kind, people, fen); null for bookings made before them. */
    priceLines: jsonb('price_lines').$type<PriceLine[]>(),
    /**
     * The guide's declared overtime rate an hour at booking, when not included (decision 152); null: the hourly
     * average.
     */
    overtimeRateCents: integer('overtime_rate_cents'),
    subcategoryId: integer('subcategory_id').references(() => serviceSubcategories.id),
    unitPriceCents: integer('unit_price_cents').notNull(),
    additionalPerPersonCents: integer('additional_per_person_cents').notNull(),
    totalPriceCents: integer('total_price_cents').notNull(),
    depositCents: integer('deposit_cents').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    /**
     * A travel credit spent on this booking (decision 139): taken off the traveler's total, paid to the
     * guide by the platform at completion, so the guide's price is total + credit.
     */
    creditCents: integer('credit_cents').notNull().default(0),
    /**
     * What applied trip changes added to (+) or released from (−) the deposit the platform holds
     * (decision 177): the deposit held is the paid deposit plus this, as completion and a later
     * cancellation read it.
     */
    depositChangeCents: integer('deposit_change_cents').notNull().default(0),
    /** The guide's currency: every amount above is in its minor unit (decision 164). */
    currency: text('currency', { enum: CURRENCIES }).notNull().default('CNY'),
    /**
     * What the traveler saw and pays a card in (decision 164); a wallet (Alipay, WeChat Pay) always
     * charges yuan. `charge_deposit_cents` is the deposit in it, fixed at creation at the rate below;
     * null when the charge's currency is the booking's own, whose deposit it then is.
     */
    chargeCurrency: text('charge_currency', { enum: CURRENCIES }).notNull().default('CNY'),
    chargeDepositCents: integer('charge_deposit_cents'),
    /**
     * The rate the booking was priced at, with its day and source; null only for bookings made before two currencies.
     */
    jpyPerCny: numeric('jpy_per_cny', { precision: 10, scale: 6 }),
    fxAsOf: date('fx_as_of', { mode: 'string' }),
    fxSource: text('fx_source', { enum: FX_SOURCES }),
    meetingAddress: text('meeting_address'),
    meetingPostalCode: text('meeting_postal_code'),
    /** A meeting point chosen from the list (decision 094); null for a typed address. */
    meetingLat: doublePrecision('meeting_lat'),
    meetingLng: doublePrecision('meeting_lng'),
    notes: text('notes'),
    travelerConfirmedStart: boolean('traveler_confirmed_start').notNull().default(false),
    guideConfirmedStart: boolean('guide_confirmed_start').notNull().default(false),
    travelerConfirmedExtension: boolean('traveler_confirmed_extension').notNull().default(false),
    extensionCount: smallint('extension_count').notNull().default(0),
    extensionPriceCents: integer('extension_price_cents'),
    cancelledBy: text('cancelled_by', { enum: ['traveler', 'guide', 'system'] }),
    cancelReason: text('cancel_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The start as booked, set when the booking is first rescheduled (decision 079): a traveler's
     * later cancellation is refunded by the stricter tier of this and `starts_at`.
     */
    firstStartsAt: timestamp('first_starts_at', { withTimezone: true }),
    /**
     * The guide's offer it was booked from (decision 078; no foreign key, so the schemas stay one-way:
     * offers.ts reads bookings, not the reverse). Unique among bookings that are live or were paid:
     * one offer books once, and an unpaid checkout that lapsed leaves it bookable.
     */
    offerId: integer('offer_id'),
    /**
     * Made while the guide took instant bookings (decision 153): its paid deposit makes it `upcoming` at
     * once, as the guide's yes. Fixed at the checkout, so the traveler pays for what they were shown.
     */
    instantBook: boolean('instant_book').notNull().default(false),
    /**
     * The typhoon rule (decision 093): the JMA warning in force for the tour's area at the
     * latest check (18:00 Japan time the day before, again at the start), or null. While set, the
     * traveler cancels with everything paid online back or reschedules free, the guide without
     * penalty. Every check, with or without a warning, is kept in `booking_weather_checks`.
     */
    weatherWarning: jsonb('weather_warning').$type<WeatherWarningEvidence>(),
    /**
     * What a family settles up front (decision 178): a plan for each day that has one (place, time to
     * meet, a short plan; a dropped day's plan goes with it), the extras chosen at the checkout as the
     * guide declared them then (paid at cost in person, never charged), the children's and infants'
     * ages as given (null: not given) and their needs.
     */
    dayPlans: jsonb('day_plans').$type<StoredDayPlan[]>(),
    chosenExtras: jsonb('chosen_extras').$type<ChosenExtra[]>(),
    childAges: smallint('child_ages').array(),
    needsStroller: boolean('needs_stroller').notNull().default(false),
    needsChildSeat: boolean('needs_child_seat').notNull().default(false),
    /**
     * The reseller that sold it through the OCTO API (decision 202); null for a booking made on our site. Its
     * traveler is then a guest (no password, no e-mail) and the money is owed on account by the reseller.
     */
    channelId: integer('channel_id').references(() => channels.id),
  },
  (t) => [
    uniqueIndex('bookings_offer_key')
      .on(t.offerId)
      .where(sql`offer_id is not null and (status <> 'cancelled' or paid_at is not null)`),
    index('bookings_traveler_idx').on(t.travelerId, t.startsAt),
    index('bookings_guide_idx').on(t.guideId, t.startsAt),
    check('bookings_time_range', sql`ends_at > starts_at`),
    check(
      'bookings_money',
      sql`total_price_cents >= 0 and deposit_cents >= 0 and deposit_cents <= total_price_cents and commission_cents >= 0`,
    ),
    check('bookings_credit', sql`credit_cents >= 0`),
    check('bookings_travelers', sql`travelers >= 1`),
    check('bookings_group', sql`children >= 0 and infants >= 0 and travelers - children - infants >= 1`),
    check('bookings_overtime_rate', sql`overtime_rate_cents is null or overtime_rate_cents >= 0`),
    check('bookings_days', sql`days between 1 and 7`),
    check(
      'bookings_currencies',
      sql`currency in ('CNY', 'JPY') and charge_currency in ('CNY', 'JPY') and (charge_deposit_cents is null or charge_deposit_cents >= 0)`,
    ),
    // A booking in another currency than its charge's cannot exist without the rate and the converted deposit.
    check(
      'bookings_rate',
      sql`currency = charge_currency or (jpy_per_cny is not null and charge_deposit_cents is not null)`,
    ),
  ],
);

/**
 * A payment attempt through a provider. `idempotency_key` is unique per payer: a retried request
 * finds its row instead of charging again. Only the last four card digits are ever stored.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    payerId: integer('payer_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['deposit', 'extension', 'final_payment', 'change'] }).notNull(),
    method: text('method', { enum: ['card', 'alipay', 'wechat', 'cash'] }).notNull(),
    provider: text('provider').notNull(),
    /** The provider's id for the payment (PaymentIntent id, simulated ref); set once created there. */
    providerRef: text('provider_ref'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Hash of the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['processing', 'pending', 'succeeded', 'failed', 'refunded', 'partially_refunded'] })
      .notNull()
      .default('processing'),
    /** In `currency`'s minor unit: the charge's currency, which may differ from the booking's (decision 164). */
    amountCents: integer('amount_cents').notNull(),
    /**
     * What the payment stands for in the booking's own currency, when it was charged in another (at
     * the booking's rate): a refund of part of it returns the same share of `amount_cents`. Null: the
     * payment is in the booking's currency and this is `amount_cents` itself.
     */
    ownAmountCents: integer('own_amount_cents'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('CNY'),
    cardLast4: text('card_last4'),
    /** What the payer must do next: an approval URL (wallets) or a Stripe.js client secret. */
    nextAction: jsonb('next_action').$type<{ approvalUrl?: string; clientSecret?: string }>(),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    refundRef: text('refund_ref'),
    proofUploadedByTraveler: boolean('proof_uploaded_by_traveler').notNull().default(false),
    verifiedByGuide: boolean('verified_by_guide').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_payer_idempotency_key').on(t.payerId, t.idempotencyKey),
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    index('payments_booking_idx').on(t.bookingId),
    // Reconciliation's sweep: the few payments still open with the provider, oldest first.
    index('payments_open_idx')
      .on(t.updatedAt)
      .where(sql`status in ('processing', 'pending')`),
    // One open attempt per charge (decision 100): a booking's deposit, its extension or its trip change
    // (one open at a time, decision 177); a second attempt of the charge reuses or cancels the open one.
    uniqueIndex('payments_one_open_per_charge')
      .on(t.bookingId, t.kind)
      .where(sql`status in ('processing', 'pending') and kind in ('deposit', 'extension', 'change')`),
    check('payments_amounts', sql`amount_cents > 0 and refunded_cents >= 0 and refunded_cents <= amount_cents`),
    check('payments_last4', sql`card_last4 is null or card_last4 ~ '^[0-9]{4}$'`),
  ],
);

/**
 * Every movement of money as signed minor units of `currency` on the traveler, guide, platform or
 * exchange account. The entries of a booking sum to zero in each currency (each posting does, decision
 * 164); written in the transaction that changes the status.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    /** The traveler's or guide's user id; null for the platform. */
    userId: integer('user_id').references(() => users.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    /** Guide earnings: pending until this time (five working days after completion), then withdrawable. */
    availableAt: timestamp('available_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_booking_idx').on(t.bookingId),
    index('ledger_entries_user_idx').on(t.userId, t.createdAt),
    check('ledger_entries_currency', sql`currency in ('CNY', 'JPY')`),
  ],
);

/**
 * Scheduled work, polled in-process by every instance (`FOR UPDATE SKIP LOCKED`). A job claimed by
 * an instance that dies is claimed again once its lease (`locked_until`) passes. `dedupe_key` keeps
 * one job per purpose (for example one expiry per booking).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`status in ('queued', 'running')`),
    // Leases that ran out (their instance died): the runner looks for them at every claim (decision 159).
    index('jobs_lease_idx')
      .on(t.lockedUntil)
      .where(sql`status = 'running'`),
    // Dead letters for the admin console (migration 0017).
    index('jobs_failed_idx')
      .on(t.id.desc())
      .where(sql`status = 'failed'`),
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey),
  ],
);
