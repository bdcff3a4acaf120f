import { and, eq } from 'drizzle-orm';
import type { Currency } from '../../../shared/currency';
import type { Database } from '../../db/client';
import { bookings, guides, paymentProofs, payments } from '../../db/schema/index';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;

export type ProofRow = typeof paymentProofs.$inferSelect;

/** A booking with the user ids of its two parties; undefined when there is none. */
export async function bookingWithParties(db: Db, bookingId: number) {
  const [row] = await db
    .select({
      id: bookings.id,
      bookingNumber: bookings.bookingNumber,
      status: bookings.status,
      travelerId: bookings.travelerId,
      guideUserId: guides.userId,
      totalPriceCents: bookings.totalPriceCents,
      depositCents: bookings.depositCents,
      currency: bookings.currency,
    })
    .from(bookings)
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .where(eq(bookings.id, bookingId));
  return row;
}
export type BookingParties = NonNullable<Awaited<ReturnType<typeof bookingWithParties>>>;

export async function proofOf(db: Db, bookingId: number): Promise<ProofRow | undefined> {
  const [row] = await db.select().from(paymentProofs).where(eq(paymentProofs.bookingId, bookingId));
  return row;
}

/** The booking's final (in-person) payment row, locked for the transaction. */
async function finalPayment(tx: Tx, bookingId: number) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'final_payment')))
    .for('update');
  return row;
}

/**
 * Records an upload: the final_payment row (cash, in person, awaiting the guide's check) is created
 * or flagged, and the proof row is inserted or its file replaced. Returns the proof and the storage
 * key it replaced, if any. Locks the booking row so two uploads cannot race.
 */
export async function saveUpload(
  tx: Tx,
  input: {
    bookingId: number;
    travelerId: number;
    amountCents: number;
    currency: Currency;
    storageKey: string;
    contentType: 'image/webp' | 'application/pdf';
    sizeBytes: number;
    fileName: string;
  },
): Promise<{ proof: ProofRow; replacedKey: string | null } | 'verified'> {
  await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, input.bookingId)).for('update');
  let payment = await finalPayment(tx, input.bookingId);
  if (payment?.verifiedByGuide) return 'verified';
  if (!payment) {
    [payment] = await tx
      .insert(payments)
      .values({
        bookingId: input.bookingId,
        payerId: input.travelerId,
        kind: 'final_payment',
        method: 'cash',
        provider: 'in_person',
        idempotencyKey: `final-payment-${input.bookingId}`,
        requestHash: 'in_person',
        status: 'pending',
        amountCents: input.amountCents,
        currency: input.currency,
        proofUploadedByTraveler: true,
      })
      .returning();
  } else {
    await tx
      .update(payments)
      .set({ proofUploadedByTraveler: true, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
  }
  const existing = await proofOf(tx, input.bookingId);
  const values = {
    storageKey: input.storageKey,
    contentType: input.contentType,
    sizeBytes: input.sizeBytes,
    fileName: input.fileName,
    uploadedBy: input.travelerId,
    uploadedAt: new Date(),
  };
  if (existing) {
    const [proof] = await tx.update(paymentProofs).set(values).where(eq(paymentProofs.id, existing.id)).returning();
    return { proof: proof!, replacedKey: existing.storageKey };
  }
  const [proof] = await tx
    .insert(paymentProofs)
    .values({ ...values, bookingId: input.bookingId, paymentId: payment!.id })
    .returning();
  return { proof: proof!, replacedKey: null };
}

/** The guide's check: the payment succeeds and is flagged verified. 'none' without a proof, 'already' when done. */
export async function markVerified(
  tx: Tx,
  bookingId: number,
  guideUserId: number,
): Promise<ProofRow | 'none' | 'already'> {
  await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
  const proof = await proofOf(tx, bookingId);
  if (!proof) return 'none';
  if (proof.verifiedAt) return 'already';
  const now = new Date();
  await tx
    .update(payments)
    .set({ verifiedByGuide: true, status: 'succeeded', updatedAt: now })
    .where(eq(payments.id, proof.paymentId));
  const [row] = await tx
    .update(paymentProofs)
    .set({ verifiedAt: now, verifiedBy: guideUserId })
    .where(eq(paymentProofs.id, proof.id))
    .returning();
  return row!;
}
