/**
 * A deposit's claim (decisions 083, 090, 100, 149): the booking locked with what its reply shows, and the new attempt
 * inserted in one statement, under that lock or alone; apart from the checkout's statements (checkout.repository.ts),
 * whose session check it shares.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { rowOf, rowsOf } from '../../../db/raw-row';
import { prepared } from '../../../db/prepared';
import { bookings, payments } from '../../../db/schema/index';
import type { TokenCaller } from '../../auth/index';
import type { PaymentRow } from '../booking/bookings.repository';
import { viewQuery } from '../booking/booking-views.repository';
import { liveCheck, liveCheckOf, sessionShape } from './checkout.repository';
import { OPEN_PAYMENT_STATUSES, PAID_PAYMENT_STATUSES } from './one-charge';

const $ = (name: string) => sql.placeholder(name);

/**
 * The booking locked for a payment's claim, with the parties and service its reply shows and whether
 * the caller's session is live (`live`, decision 149), in one statement. Undefined for a missing
 * booking (the session is then still to be checked).
 */
export async function lockBookingView(db: Database, id: number, caller: TokenCaller) {
  const [row] = await viewQuery(db, { live: liveCheck(caller) })
    .where(eq(bookings.id, id))
    .for('update', { of: bookings });
  return row;
}

const depositClaim = prepared(
  () => sql`
    WITH r AS (
      SELECT * FROM payments
       WHERE (payer_id = ${$('payer')} AND idempotency_key = ${$('key')}) OR (booking_id = ${$('booking')} AND kind = 'deposit')
    ),
    ins AS (
      INSERT INTO payments (booking_id, payer_id, kind, method, provider, idempotency_key, request_hash, amount_cents, currency, own_amount_cents, card_last4)
      SELECT ${$('booking')}, ${$('payer')}, 'deposit', ${$('method')}, ${$('provider')}, ${$('key')}, ${$('hash')}, ${$('amount')}, ${$('currency')}, ${$('own')}::int, ${$('last4')}
       WHERE NOT EXISTS (
         SELECT 1 FROM r
          WHERE (payer_id = ${$('payer')} AND idempotency_key = ${$('key')})
             OR (booking_id = ${$('booking')} AND kind = 'deposit' AND ${blocksNewAttemptSql(sql`status`)}))
      ON CONFLICT DO NOTHING
      RETURNING *
    )
    SELECT row_to_json(r) AS p, false AS fresh FROM r
    UNION ALL
    SELECT row_to_json(ins), true FROM ins`,
);

/**
 * A deposit's claim after the booking's lock, in one statement (decision 083's rules, decision 090):
 * the caller's payment with this key (any booking) and the booking's deposits are read, and the new
 * attempt is inserted `processing` only when none of them is this key's, already paid or refunded, or
 * an open attempt (`processing` or `pending`: decision 100, which the unique index
 * `payments_one_open_per_charge` also holds, then nothing is inserted). Returns what was read and the
 * new row if there is one.
 */
export async function claimDeposit(
  db: Database,
  v: Pick<
    typeof payments.$inferInsert,
    | 'bookingId'
    | 'payerId'
    | 'method'
    | 'provider'
    | 'idempotencyKey'
    | 'requestHash'
    | 'amountCents'
    | 'currency'
    | 'ownAmountCents'
    | 'cardLast4'
  >,
): Promise<{ read: PaymentRow[]; inserted: PaymentRow | undefined }> {
  const result = await depositClaim(db, '', {
    payer: v.payerId,
    key: v.idempotencyKey,
    booking: v.bookingId,
    method: v.method,
    provider: v.provider,
    hash: v.requestHash,
    amount: v.amountCents,
    currency: v.currency ?? 'CNY',
    own: v.ownAmountCents ?? null,
    last4: v.cardLast4 ?? null,
  });
  const rows = rowsOf<{ p: Record<string, unknown>; fresh: boolean }>(result);
  const read = rows
    .filter((r) => !r.fresh)
    .map((r) => rowOf(payments, r.p))
    .sort((a, b) => a.id - b.id);
  const fresh = rows.find((r) => r.fresh);
  return { read, inserted: fresh ? rowOf(payments, fresh.p) : undefined };
}

const MINE = sql`payer_id = ${$('uid')} AND idempotency_key = ${$('key')}`;

/** `claimDepositAlone`'s statement; its shape is the caller's session part (`sessionShape`). */
const depositClaimAlone = prepared(
  (shape: string) => sql`
    WITH lk AS MATERIALIZED (
      SELECT * FROM bookings
       WHERE id = ${$('booking')} AND traveler_id = ${$('uid')} AND status = 'pending'
         AND ${liveCheckOf(shape)}
       FOR UPDATE
    ),
    r AS (
      SELECT * FROM payments WHERE (${MINE}) OR (booking_id = ${$('booking')} AND kind = 'deposit')
    ),
    ins AS (
      INSERT INTO payments (booking_id, payer_id, kind, method, provider, idempotency_key, request_hash, amount_cents, currency, own_amount_cents, card_last4)
      SELECT lk.id, ${$('uid')}, 'deposit', ${$('method')}, ${$('provider')}, ${$('key')}, ${$('hash')},
             coalesce(lk.charge_deposit_cents, lk.deposit_cents), lk.charge_currency,
             CASE WHEN lk.charge_currency = lk.currency THEN NULL ELSE lk.deposit_cents END, ${$('last4')}
        FROM lk
       -- The deposit as the traveler saw it (decision 164); a wallet paying a deposit seen in yen is
       -- converted to yuan by the general path (chargeFor), so it is not inserted here.
       WHERE (${$('method')} = 'card' OR lk.charge_currency = 'CNY') AND NOT EXISTS (SELECT 1 FROM r WHERE (${MINE}) OR (booking_id = ${$('booking')} AND kind = 'deposit' AND ${blocksNewAttemptSql(sql`status`)}))
      ON CONFLICT DO NOTHING
      RETURNING *
    )
    SELECT row_to_json(lk) AS booking, row_to_json(ins) AS payment,
           (SELECT coalesce(json_agg(row_to_json(r) ORDER BY r.id), '[]'::json) FROM r WHERE r.booking_id = lk.id AND r.kind = 'deposit') AS deposits,
           json_build_object('id', tu.id, 'fullName', tu.full_name, 'profilePicture', tu.profile_picture) AS traveler,
           json_build_object('id', g.id, 'userId', g.user_id, 'fullName', gu.full_name, 'profilePicture', gu.profile_picture, 'serviceCity', g.service_city, 'timeZone', g.time_zone) AS guide,
           CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('id', s.id, 'nameEn', s.name_en, 'nameCn', s.name_cn, 'nameJa', s.name_ja) END AS subcategory
      FROM ins
      JOIN lk ON lk.id = ins.booking_id
      JOIN users tu ON tu.id = lk.traveler_id
      JOIN guides g ON g.id = lk.guide_id
      JOIN users gu ON gu.id = g.user_id
      LEFT JOIN service_subcategories s ON s.id = lk.subcategory_id`,
);

/**
 * A pending booking's deposit claimed in one statement, without a transaction (decision 149): `lk`
 * locks the booking `FOR UPDATE` while it is still pending, the caller's and their session live (the
 * newest row version, re-checked once the lock is granted), and a `processing` attempt of its deposit
 * is inserted unless the statement's snapshot shows this key's payment or a paid or open attempt of
 * the charge. That snapshot is taken before the lock is granted, so it may miss what the lock's last
 * holder committed; what it can miss never lets a wrong attempt in: an open attempt or this key's
 * payment is refused by the unique indexes (`payments_one_open_per_charge`,
 * `payments_payer_idempotency_key`: then nothing is inserted), and a paid deposit left its booking
 * no longer pending in the same commit (then `lk` is empty). Returns the new attempt with the
 * booking as locked, its parties and the deposits the snapshot showed; undefined when nothing was
 * inserted, for whatever reason: the caller then claims under the lock in a transaction
 * (`lockBookingView`, `claimDeposit`), which tells the cases apart.
 */
export async function claimDepositAlone(
  db: Database,
  caller: TokenCaller,
  bookingId: number,
  v: Pick<typeof payments.$inferInsert, 'method' | 'provider' | 'idempotencyKey' | 'requestHash' | 'cardLast4'>,
) {
  const result = await depositClaimAlone(db, sessionShape(caller), {
    uid: caller.id,
    sid: caller.sessionId,
    booking: bookingId,
    key: v.idempotencyKey,
    method: v.method,
    provider: v.provider,
    hash: v.requestHash,
    last4: v.cardLast4 ?? null,
  });
  const [row] = rowsOf<{
    booking: Record<string, unknown>;
    payment: Record<string, unknown>;
    deposits: Record<string, unknown>[];
    traveler: LockedParts['traveler'];
    guide: LockedParts['guide'];
    subcategory: LockedParts['subcategory'];
  }>(result);
  if (!row) return undefined;
  const booking = rowOf(bookings, row.booking);
  // A pending booking has no replacement and no credit from its end (the reply's `known` parts say the same).
  const locked: LockedParts = {
    live: true,
    booking,
    traveler: row.traveler,
    guide: row.guide,
    subcategory: row.subcategory,
    creditIssued: null,
    replacement: null,
  };
  return { inserted: rowOf(payments, row.payment), deposits: row.deposits.map((p) => rowOf(payments, p)), locked };
}

/**
 * What `lockBookingView` returns for a booking it found. The claim's one statement reads neither a
 * guide's pay nor the accounts' languages (decision 175): a pending booking has no cover, and its reply
 * is its traveler's.
 */
export type LockedParts = Omit<
  NonNullable<Awaited<ReturnType<typeof lockBookingView>>>,
  'writers' | 'coveredCents' | 'guideEarnedCents' | 'reseller'
> &
  Partial<
    Pick<NonNullable<Awaited<ReturnType<typeof lockBookingView>>>, 'writers' | 'coveredCents' | 'guideEarnedCents'>
  >;

/**
 * The deposit claim's condition (`claimDeposit`, one statement: decision 090) for an existing attempt
 * of the charge that leaves no room for a new one: paid, or open. Literals, not parameters, so the
 * statement's text and plan stay as they were. `one-charge.test.ts` checks it against the lists.
 */
export function blocksNewAttemptSql(status: SQL): SQL {
  const list = [...PAID_PAYMENT_STATUSES, ...OPEN_PAYMENT_STATUSES].map((s) => `'${s}'`).join(', ');
  return sql`${status} IN (${sql.raw(list)})`;
}
