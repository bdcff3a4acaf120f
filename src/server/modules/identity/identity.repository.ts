import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { identityVerifications, users } from '../../db/schema/index';
import type { IdentityStatus } from '../../../shared/schemas/identity';

export type VerificationRow = typeof identityVerifications.$inferSelect;
type VerificationSet = Partial<typeof identityVerifications.$inferInsert>;

const statusIn = (from: readonly IdentityStatus[]) =>
  sql`${identityVerifications.status} = any(${`{${from.join(',')}}`}::text[])`;

export async function verificationOfUser(db: Database, userId: number): Promise<VerificationRow | undefined> {
  const [row] = await db.select().from(identityVerifications).where(eq(identityVerifications.userId, userId));
  return row;
}

export async function verificationById(db: Database, id: number): Promise<VerificationRow | undefined> {
  const [row] = await db.select().from(identityVerifications).where(eq(identityVerifications.id, id));
  return row;
}

/** The user's verification, created as an empty draft when there is none (one per user). */
export async function ensureVerification(db: Database, userId: number): Promise<VerificationRow> {
  await db
    .insert(identityVerifications)
    .values({ userId })
    .onConflictDoNothing({ target: identityVerifications.userId });
  return (await verificationOfUser(db, userId))!;
}

/**
 * Changes the row only while its status is one of `from`; undefined when someone else moved it
 * first. With `previous`, also returns the row as it was (to delete the files it replaced).
 */
export async function update(
  db: Database,
  id: number,
  from: readonly IdentityStatus[],
  set: VerificationSet,
): Promise<{ row: VerificationRow; before: VerificationRow } | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(identityVerifications)
      .where(and(eq(identityVerifications.id, id), statusIn(from)))
      .for('update');
    if (!before) return undefined;
    const [row] = await tx
      .update(identityVerifications)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(identityVerifications.id, id))
      .returning();
    return { row: row!, before };
  });
}

/** Approval in one transaction: the verification approved and the user marked identity-verified. */
/**
 * A decided verification keeps its result, not the images (decision 136): the row forgets its files
 * in the decision's own UPDATE, and a job removes them from storage after the commit.
 */
export const FILES_FORGOTTEN = {
  documentKey: null,
  documentType: null,
  documentSize: null,
  documentUploadedAt: null,
  selfieKey: null,
  selfieType: null,
  selfieSize: null,
  selfieUploadedAt: null,
} as const;

export async function approve(db: Database, id: number, adminId: number): Promise<VerificationRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(identityVerifications)
      .set({
        status: 'approved',
        reviewedAt: new Date(),
        reviewedBy: adminId,
        reviewNote: null,
        updatedAt: new Date(),
        ...FILES_FORGOTTEN,
      })
      .where(and(eq(identityVerifications.id, id), eq(identityVerifications.status, 'submitted')))
      .returning();
    if (!row) return undefined;
    await tx.update(users).set({ identityVerified: true, updatedAt: new Date() }).where(eq(users.id, row.userId));
    return row;
  });
}

export async function listForAdmin(db: Database, q: { status?: IdentityStatus; page: number; limit: number }) {
  const where = q.status ? eq(identityVerifications.status, q.status) : sql`${identityVerifications.status} <> 'draft'`;
  const rows = await db
    .select({
      row: identityVerifications,
      username: users.username,
      fullName: users.fullName,
      email: users.email,
      identityVerified: users.identityVerified,
    })
    .from(identityVerifications)
    .innerJoin(users, eq(users.id, identityVerifications.userId))
    .where(where)
    .orderBy(sql`${identityVerifications.submittedAt} desc nulls last`, desc(identityVerifications.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await db.select({ n: count() }).from(identityVerifications).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function person(db: Database, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      fullName: users.fullName,
      locale: users.locale,
      identityVerified: users.identityVerified,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
