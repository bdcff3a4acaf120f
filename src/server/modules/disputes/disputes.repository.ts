import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  bookings,
  conversations,
  disputeEvidence,
  disputes,
  guides,
  messages,
  payments,
  users,
} from '../../db/schema/index';

export type DisputeRow = typeof disputes.$inferSelect;
export type EvidenceRow = typeof disputeEvidence.$inferSelect;

export async function insertDispute(tx: Database, values: typeof disputes.$inferInsert): Promise<DisputeRow> {
  const [row] = await tx.insert(disputes).values(values).returning();
  return row!;
}

/** The guide no longer offers to drive (decision 135); they may switch it on again once no report is open. */
export async function stopDriving(tx: Database, guideId: number): Promise<void> {
  await tx.update(guides).set({ guideDrives: false, updatedAt: new Date() }).where(eq(guides.id, guideId));
}

export async function disputeById(db: Database, id: number, lock = false): Promise<DisputeRow | undefined> {
  const q = db.select().from(disputes).where(eq(disputes.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function latestDisputeOfBooking(db: Database, bookingId: number): Promise<DisputeRow | undefined> {
  const [row] = await db
    .select()
    .from(disputes)
    .where(eq(disputes.bookingId, bookingId))
    .orderBy(desc(disputes.id))
    .limit(1);
  return row;
}

export function openDisputes(db: Database, limit: number): Promise<DisputeRow[]> {
  return db.select().from(disputes).where(eq(disputes.status, 'open')).orderBy(asc(disputes.createdAt)).limit(limit);
}

export async function updateDispute(
  tx: Database,
  id: number,
  set: Partial<typeof disputes.$inferInsert>,
): Promise<DisputeRow | undefined> {
  const [row] = await tx
    .update(disputes)
    .set(set)
    .where(and(eq(disputes.id, id), eq(disputes.status, 'open')))
    .returning();
  return row;
}

export function evidenceOf(db: Database, disputeIds: number[]): Promise<EvidenceRow[]> {
  if (!disputeIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(disputeEvidence)
    .where(inArray(disputeEvidence.disputeId, disputeIds))
    .orderBy(asc(disputeEvidence.id));
}

export async function evidenceById(db: Database, disputeId: number, id: number): Promise<EvidenceRow | undefined> {
  const [row] = await db
    .select()
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.disputeId, disputeId), eq(disputeEvidence.id, id)));
  return row;
}

export async function countEvidence(db: Database, disputeId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(disputeEvidence)
    .where(eq(disputeEvidence.disputeId, disputeId));
  return Number(row?.n ?? 0);
}

export async function insertEvidence(tx: Database, values: typeof disputeEvidence.$inferInsert): Promise<EvidenceRow> {
  const [row] = await tx.insert(disputeEvidence).values(values).returning();
  return row!;
}

export type PaymentRow = typeof payments.$inferSelect;

/** Payments of the booking made online through the provider that still hold refundable money, newest first. */
export async function refundablePayments(db: Database, bookingId: number): Promise<PaymentRow[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['succeeded', 'partially_refunded'])))
    .orderBy(desc(payments.id));
  return rows.filter((p) => p.method !== 'cash' && p.providerRef && p.amountCents > p.refundedCents);
}

export async function paymentById(db: Database, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** Records a refund made by the provider on top of any earlier one. */
export async function addRefund(db: Database, id: number, amountCents: number, refundRef: string): Promise<void> {
  await db
    .update(payments)
    .set({
      refundedCents: sql`least(${payments.amountCents}, ${payments.refundedCents} + ${amountCents})`,
      status: sql`case when ${payments.refundedCents} + ${amountCents} >= ${payments.amountCents} then 'refunded' else 'partially_refunded' end`,
      refundRef,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, id));
}

export async function bookingStatuses(db: Database, bookingIds: number[]): Promise<Map<number, string>> {
  if (!bookingIds.length) return new Map();
  const rows = await db
    .select({ id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(inArray(bookings.id, bookingIds));
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** The latest messages between a booking's traveler and guide (the admin reads both sides of a dispute). */
export async function latestMessagesBetween(db: Database, travelerId: number, guideId: number, limit: number) {
  const rows = await db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      body: messages.body,
      kind: messages.kind,
      createdAt: messages.createdAt,
      senderLocale: users.locale,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(conversations.travelerId, travelerId), eq(conversations.guideId, guideId)))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse();
}
