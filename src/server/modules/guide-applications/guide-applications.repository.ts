import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  guideApplicationDocuments,
  guideApplications,
  guides,
  guideServices,
  serviceSubcategories,
  users,
} from '../../db/schema/index';
import {
  detectTextLanguage,
  writerTextLanguage,
  type GuideTextFields,
  type GuideTexts,
  type TextLanguage,
} from '../../../shared/guide-texts';
import type { ApplicationData, ApplicationStatus } from '../../../shared/schemas/guide-applications';
import { insertApprovedLicence, type VerifiedLicence } from '../licences/index';

export type ApplicationRow = typeof guideApplications.$inferSelect;
export type DocumentRow = typeof guideApplicationDocuments.$inferSelect;

export async function applicationOfUser(db: Database, userId: number): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(guideApplications).where(eq(guideApplications.userId, userId));
  return row;
}

export async function applicationById(db: Database, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(guideApplications).where(eq(guideApplications.id, id));
  return row;
}

/** The user's application, created as an empty draft when there is none (one per user). */
export async function ensureApplication(db: Database, userId: number): Promise<ApplicationRow> {
  await db.insert(guideApplications).values({ userId }).onConflictDoNothing({ target: guideApplications.userId });
  return (await applicationOfUser(db, userId))!;
}

/**
 * Saves the draft only while it is in one of `editable`; a rejected or changes-requested application becomes a draft
 * again.
 */
export async function saveDraft(
  db: Database,
  id: number,
  data: ApplicationData,
  editable: readonly ApplicationStatus[],
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(guideApplications)
    .set({ data, status: 'draft', updatedAt: new Date() })
    .where(
      and(eq(guideApplications.id, id), sql`${guideApplications.status} = any(${`{${editable.join(',')}}`}::text[])`),
    )
    .returning();
  return row;
}

/** Moves the application from one of `from` to `to`; undefined when someone else moved it first. */
export async function transition(
  db: Database,
  id: number,
  from: readonly ApplicationStatus[],
  set: Partial<typeof guideApplications.$inferInsert> & { status: ApplicationStatus },
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(guideApplications)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(guideApplications.id, id), sql`${guideApplications.status} = any(${`{${from.join(',')}}`}::text[])`))
    .returning();
  return row;
}

export function documentsOf(db: Database, applicationId: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(guideApplicationDocuments)
    .where(eq(guideApplicationDocuments.applicationId, applicationId))
    .orderBy(asc(guideApplicationDocuments.id));
}

export async function countDocuments(db: Database, applicationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(guideApplicationDocuments)
    .where(eq(guideApplicationDocuments.applicationId, applicationId));
  return row?.n ?? 0;
}

export async function insertDocument(
  db: Database,
  doc: typeof guideApplicationDocuments.$inferInsert,
): Promise<DocumentRow> {
  const [row] = await db.insert(guideApplicationDocuments).values(doc).returning();
  return row!;
}

export async function documentById(
  db: Database,
  documentId: number,
): Promise<(DocumentRow & { userId: number }) | undefined> {
  const [row] = await db
    .select({ doc: guideApplicationDocuments, userId: guideApplications.userId })
    .from(guideApplicationDocuments)
    .innerJoin(guideApplications, eq(guideApplications.id, guideApplicationDocuments.applicationId))
    .where(eq(guideApplicationDocuments.id, documentId));
  return row ? { ...row.doc, userId: row.userId } : undefined;
}

export async function updateDocumentDescription(
  db: Database,
  documentId: number,
  description: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .update(guideApplicationDocuments)
    .set({ description })
    .where(eq(guideApplicationDocuments.id, documentId))
    .returning();
  return row;
}

export async function deleteDocument(db: Database, documentId: number): Promise<void> {
  await db.delete(guideApplicationDocuments).where(eq(guideApplicationDocuments.id, documentId));
}

export async function listForAdmin(db: Database, q: { status?: ApplicationStatus; page: number; limit: number }) {
  const where = q.status ? eq(guideApplications.status, q.status) : sql`${guideApplications.status} <> 'draft'`;
  const rows = await db
    .select({ app: guideApplications, username: users.username, email: users.email })
    .from(guideApplications)
    .innerJoin(users, eq(users.id, guideApplications.userId))
    .where(where)
    .orderBy(desc(guideApplications.submittedAt), desc(guideApplications.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await db.select({ n: count() }).from(guideApplications).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function applicant(db: Database, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      fullName: users.fullName,
      locale: users.locale,
      isGuide: users.isGuide,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

type ListingTexts = Pick<GuideTextFields, 'bio'> & {
  ethicsDescription: string | null;
  boundaryDescription: string | null;
  supportiveDescription: string | null;
};

/**
 * The application's texts as the listing's one version, in the language they are written in: the
 * rule of migration 0014's insert trigger (the bio, else the three descriptions, by their script),
 * with the applicant's account language breaking a kanji-only tie (decision 146), which the trigger
 * cannot read. Written here, the trigger leaves the row as it is.
 */
function writtenTexts(
  l: ListingTexts,
  writer: TextLanguage | undefined,
): { originalLanguage: TextLanguage; texts: GuideTexts } {
  const originalLanguage = detectTextLanguage(
    l.bio || [l.ethicsDescription, l.boundaryDescription, l.supportiveDescription].filter(Boolean).join(' '),
    writer,
  );
  const fields = {
    bio: l.bio,
    ethicsDescription: l.ethicsDescription,
    boundaryDescription: l.boundaryDescription,
    supportiveDescription: l.supportiveDescription,
  };
  return {
    originalLanguage,
    texts: { [originalLanguage]: Object.fromEntries(Object.entries(fields).filter(([, v]) => v)) },
  };
}

/** The listing an approved application makes (or updates): its answers, with the defaults an unanswered field takes. */
function listingOf(data: ApplicationData, docs: { description: string }[], timeZone: string, serviceIds: number[]) {
  return {
    status: 'active' as const,
    serviceCity: data.serviceCities?.[0] ?? 'tokyo',
    bio: data.bio ?? '',
    languages: data.languages ?? [],
    basicPricePerHourCents: data.basicPricePerHourCents ?? 0,
    additionalPricePerPersonCents: data.additionalPricePerPersonCents ?? 0,
    currency: data.currency ?? 'CNY',
    age: data.age ?? null,
    sex: data.gender ?? null,
    mbti: data.mbti ? data.mbti.toUpperCase() : null,
    ethicsScore: data.ethicsScore ?? null,
    ethicsDescription: data.ethicsDescription ?? null,
    boundaryScore: data.boundaryScore ?? null,
    boundaryDescription: data.boundaryDescription ?? null,
    supportiveScore: data.supportiveScore ?? null,
    supportiveDescription: data.supportiveDescription ?? null,
    occupation: data.occupation ?? null,
    qualifications: docs.map((d) => ({ description: d.description })),
    experienceMonths: data.experienceMonths ?? 0,
    sessionCount: data.sessionCount ?? 0,
    targetGroups: data.targetGroups ?? [],
    minPeople: data.minPeople ?? 1,
    maxPeople: data.maxPeople ?? 6,
    minDurationHours: data.minDurationHours ?? 2,
    maxDurationHours: data.maxDurationHours ?? 8,
    timeZone,
    serviceIds,
    updatedAt: new Date(),
  };
}

/**
 * Approval in one transaction: the listing built from the application (its services mirrored into
 * the search helper `service_ids`), the user marked a guide, the application approved. Returns the
 * guide id, or undefined when the application was no longer awaiting a decision.
 */
export async function approve(
  db: Database,
  app: ApplicationRow,
  adminId: number,
  data: ApplicationData,
  timeZone: string,
  licence?: VerifiedLicence,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: guideApplications.status })
      .from(guideApplications)
      .where(eq(guideApplications.id, app.id))
      .for('update');
    if (!locked || (locked.status !== 'submitted' && locked.status !== 'under_review')) return undefined;
    const [docs, [applicant]] = await Promise.all([
      tx
        .select({ description: guideApplicationDocuments.description })
        .from(guideApplicationDocuments)
        .where(eq(guideApplicationDocuments.applicationId, app.id))
        .orderBy(asc(guideApplicationDocuments.id)),
      // The applicant's account language with their listing, if any, in the one statement that found the listing.
      tx
        .select({ guideId: guides.id, locale: users.locale })
        .from(users)
        .leftJoin(guides, eq(guides.userId, users.id))
        .where(eq(users.id, app.userId)),
    ]);
    const serviceIds = [...new Set(data.subcategoryIds ?? [])].sort((a, b) => a - b);
    const listing = listingOf(data, docs, timeZone, serviceIds);
    let guideId: number;
    if (applicant?.guideId) {
      guideId = applicant.guideId;
      await tx.update(guides).set(listing).where(eq(guides.id, guideId));
      await tx.delete(guideServices).where(eq(guideServices.guideId, guideId));
    } else {
      const [g] = await tx
        .insert(guides)
        .values({ ...listing, ...writtenTexts(listing, writerTextLanguage(applicant?.locale)), userId: app.userId })
        .returning({ id: guides.id });
      guideId = g!.id;
    }
    if (serviceIds.length)
      await tx
        .insert(guideServices)
        .values(serviceIds.map((subcategoryId) => ({ guideId, subcategoryId, priceCents: null })));
    if (licence) await insertApprovedLicence(tx, { guideId, adminId, ...licence });
    await tx
      .update(users)
      .set({
        isGuide: true,
        gender: data.gender ?? undefined,
        age: data.age ?? undefined,
        mbti: listing.mbti ?? undefined,
        updatedAt: new Date(),
      })
      .where(eq(users.id, app.userId));
    await tx
      .update(guideApplications)
      .set({
        status: 'approved',
        reviewedAt: new Date(),
        reviewedBy: adminId,
        reviewNote: null,
        guideId,
        updatedAt: new Date(),
      })
      .where(eq(guideApplications.id, app.id));
    return guideId;
  });
}

/** The status of the user's application, for the guideStatus flags of the signed-in user (null: none). */
export async function applicationStatusOf(db: Database, userId: number): Promise<{ status: ApplicationStatus } | null> {
  const [row] = await db
    .select({ status: guideApplications.status })
    .from(guideApplications)
    .where(eq(guideApplications.userId, userId));
  return row ?? null;
}

/** Holds the application's row until the transaction ends (two uploads at once count one after the other). */
export async function lockApplication(db: Database, id: number): Promise<void> {
  await db.execute(sql`select id from guide_applications where id = ${id} for update`);
}

/** The ids among `ids` that name a service subcategory. */
export async function knownSubcategories(db: Database, ids: number[]): Promise<{ id: number }[]> {
  return db
    .select({ id: serviceSubcategories.id })
    .from(serviceSubcategories)
    .where(inArray(serviceSubcategories.id, ids));
}

/** The account's name (users.full_name), set from the application's 氏名 when it is submitted. */
export async function setAccountName(db: Database, userId: number, fullName: string): Promise<void> {
  await db.update(users).set({ fullName, updatedAt: new Date() }).where(eq(users.id, userId));
}
