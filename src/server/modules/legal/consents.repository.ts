import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consents } from '../../db/schema/index';
import type { ConsentInput } from '../../../shared/schemas/legal';

export interface ConsentContext {
  locale: string | null;
  ip: string | null;
}

/** Adds the consents, all at one moment; rows are never changed afterwards (decision 124). */
export async function insertConsents(
  db: Database,
  userId: number,
  list: readonly ConsentInput[],
  context: ConsentContext,
  at: Date,
): Promise<void> {
  if (list.length === 0) return;
  await db.insert(consents).values(
    list.map((c) => ({
      userId,
      kind: c.kind,
      version: c.version,
      givenAt: at,
      locale: context.locale,
      ip: context.ip,
    })),
  );
}

/** Every consent of the user, newest first. */
export async function consentsOf(db: Database, userId: number) {
  return db
    .select({
      kind: consents.kind,
      version: consents.version,
      givenAt: consents.givenAt,
      locale: consents.locale,
      ip: consents.ip,
    })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.givenAt), desc(consents.id));
}

/** The version of the user's latest consent of one kind, or null. */
export async function latestVersion(db: Database, userId: number, kind: string): Promise<string | null> {
  const [row] = await db
    .select({ version: consents.version })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.kind, kind)))
    .orderBy(desc(consents.givenAt), desc(consents.id))
    .limit(1);
  return row?.version ?? null;
}
