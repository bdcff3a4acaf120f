import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CredentialStatus, CredentialType, LicenceKind } from '../../../shared/licences';
import type { Database } from '../../db/client';
import { bookings, disputes, guideCredentials, guides, users } from '../../db/schema/index';

export type CredentialRow = typeof guideCredentials.$inferSelect;
export type CredentialWrite = Omit<typeof guideCredentials.$inferInsert, 'id' | 'guideId' | 'type' | 'createdAt'>;

/** The caller's guide row: id, the verified licence mirror, the driving flag, and their language. */
export async function guideOfUser(db: Database, userId: number) {
  const [row] = await db
    .select({
      id: guides.id,
      licenceKind: guides.licenceKind,
      licenceRegion: guides.licenceRegion,
      guideDrives: guides.guideDrives,
      locale: users.locale,
    })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(eq(guides.userId, userId));
  return row;
}

/** A user's language and, when they are a guide, their verified licence: what the title check needs. */
export async function titleHolder(
  db: Database,
  userId: number,
): Promise<{ locale: string | null; licenceKind: LicenceKind | null } | undefined> {
  const [row] = await db
    .select({ locale: users.locale, licenceKind: guides.licenceKind })
    .from(users)
    .leftJoin(guides, eq(guides.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function credentialsOfGuide(db: Database, guideId: number): Promise<CredentialRow[]> {
  return db.select().from(guideCredentials).where(eq(guideCredentials.guideId, guideId));
}

export async function credentialById(db: Database, id: number): Promise<CredentialRow | undefined> {
  const [row] = await db.select().from(guideCredentials).where(eq(guideCredentials.id, id));
  return row;
}

/**
 * Stores a new submission of one type (replacing the old one, which returns as `before` so its file
 * can be deleted). A replaced verified licence is no longer verified: the mirror on the guide row is
 * cleared in the same transaction, and so is the driving offer when either proof is replaced.
 */
export async function submit(
  db: Database,
  guideId: number,
  type: CredentialType,
  write: CredentialWrite,
): Promise<{ row: CredentialRow; before?: CredentialRow }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(guideCredentials)
      .where(and(eq(guideCredentials.guideId, guideId), eq(guideCredentials.type, type)))
      .for('update');
    const values = {
      ...write,
      status: 'submitted' as const,
      reviewedAt: null,
      reviewedBy: null,
      reviewNote: null,
      submittedAt: new Date(),
      updatedAt: new Date(),
    };
    const [row] = before
      ? await tx.update(guideCredentials).set(values).where(eq(guideCredentials.id, before.id)).returning()
      : await tx
          .insert(guideCredentials)
          .values({ ...values, guideId, type })
          .returning();
    if (before?.status === 'verified') {
      await tx
        .update(guides)
        .set(
          type === 'licence'
            ? { licenceKind: null, licenceRegion: null, guideDrives: false, updatedAt: new Date() }
            : { guideDrives: false, updatedAt: new Date() },
        )
        .where(eq(guides.id, guideId));
    }
    return { row: row!, before };
  });
}

/**
 * An admin's decision on a submitted credential (undefined when it was no longer submitted). A
 * verified licence is mirrored on the guide row; a rejected one clears the mirror.
 */
export async function decide(
  db: Database,
  id: number,
  adminId: number,
  to: 'verified' | 'rejected',
  note: string | null,
): Promise<CredentialRow | undefined> {
  const [row] = await db
    .update(guideCredentials)
    .set({ status: to, reviewedAt: new Date(), reviewedBy: adminId, reviewNote: note, updatedAt: new Date() })
    .where(and(eq(guideCredentials.id, id), eq(guideCredentials.status, 'submitted')))
    .returning();
  if (!row) return undefined;
  if (row.type === 'licence') {
    const verified = to === 'verified';
    await db
      .update(guides)
      .set({
        licenceKind: verified ? row.licenceKind : null,
        licenceRegion: verified && row.licenceKind === 'regional' ? row.region : null,
        updatedAt: new Date(),
      })
      .where(eq(guides.id, row.guideId));
  }
  return row;
}

/**
 * The licence an approved application declared (decision 171), verified by the approving admin, who
 * checked its registration: written as a verified credential and mirrored on the guide row, in the
 * approval's transaction. The card is a copy of the application's document (`file`).
 */
export interface VerifiedLicence {
  kind: LicenceKind;
  region: string | null;
  registrationNumber: string;
  prefecture: string;
  languages: string[];
  file: { key: string; type: 'image/webp' | 'application/pdf'; size: number };
}

export async function insertApprovedLicence(
  db: Database,
  v: VerifiedLicence & { guideId: number; adminId: number },
): Promise<void> {
  const now = new Date();
  await db
    .delete(guideCredentials)
    .where(and(eq(guideCredentials.guideId, v.guideId), eq(guideCredentials.type, 'licence')));
  await db.insert(guideCredentials).values({
    guideId: v.guideId,
    type: 'licence',
    status: 'verified',
    licenceKind: v.kind,
    region: v.kind === 'regional' ? v.region : null,
    registrationNumber: v.registrationNumber,
    prefecture: v.prefecture,
    languages: v.languages,
    fileKey: v.file.key,
    fileType: v.file.type,
    fileSize: v.file.size,
    reviewedAt: now,
    reviewedBy: v.adminId,
    reviewNote: null,
  });
  await db
    .update(guides)
    .set({ licenceKind: v.kind, licenceRegion: v.kind === 'regional' ? v.region : null, updatedAt: now })
    .where(eq(guides.id, v.guideId));
}

export async function setGuideDrives(db: Database, guideId: number, value: boolean): Promise<void> {
  await db.update(guides).set({ guideDrives: value, updatedAt: new Date() }).where(eq(guides.id, guideId));
}

export async function listForAdmin(
  db: Database,
  q: { status?: CredentialStatus; type?: CredentialType; page: number; limit: number },
) {
  const where: SQL[] = [];
  if (q.status) where.push(eq(guideCredentials.status, q.status));
  if (q.type) where.push(eq(guideCredentials.type, q.type));
  const cond = where.length ? and(...where) : undefined;
  const rows = await db
    .select({ row: guideCredentials, userId: guides.userId, username: users.username, fullName: users.fullName })
    .from(guideCredentials)
    .innerJoin(guides, eq(guides.id, guideCredentials.guideId))
    .innerJoin(users, eq(users.id, guides.userId))
    .where(cond)
    .orderBy(
      sql`case when ${guideCredentials.status} = 'submitted' then 0 else 1 end`,
      desc(guideCredentials.submittedAt),
      desc(guideCredentials.id),
    )
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await db.select({ n: count() }).from(guideCredentials).where(cond);
  return { rows, total: total?.n ?? 0 };
}

export async function ownerOf(db: Database, guideId: number) {
  const [row] = await db
    .select({ userId: guides.userId, username: users.username, fullName: users.fullName })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(eq(guides.id, guideId));
  return row;
}

/**
 * A traveler's report of unsafe driving on one of the guide's tours that is still open: the guide
 * may not drive travelers until an admin has resolved it (decision 135).
 */
export async function unsafeDrivingReportOpen(db: Database, guideId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: disputes.id })
    .from(disputes)
    .innerJoin(bookings, eq(bookings.id, disputes.bookingId))
    .where(
      and(
        eq(bookings.guideId, guideId),
        eq(disputes.status, 'open'),
        eq(disputes.category, 'unsafe_driving'),
        eq(disputes.openedSide, 'traveler'),
      ),
    )
    .limit(1);
  return !!row;
}
