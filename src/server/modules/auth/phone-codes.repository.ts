import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { phoneCodes } from '../../db/schema/index';

export type PhoneCodeRow = typeof phoneCodes.$inferSelect;
export type PhoneCodePurpose = PhoneCodeRow['purpose'];

export async function insertPhoneCode(
  db: Database,
  values: { phone: string; purpose: PhoneCodePurpose; userId: number | null; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(phoneCodes).values(values);
}

/**
 * The newest code sent to the number for this purpose (and account, when adding a number): a new code replaces older
 * ones.
 */
export async function latestPhoneCode(
  db: Database,
  phone: string,
  purpose: PhoneCodePurpose,
  userId: number | null,
): Promise<PhoneCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(phoneCodes)
    .where(
      and(
        eq(phoneCodes.phone, phone),
        eq(phoneCodes.purpose, purpose),
        userId === null ? isNull(phoneCodes.userId) : eq(phoneCodes.userId, userId),
      ),
    )
    .orderBy(desc(phoneCodes.id))
    .limit(1);
  return row;
}

/**
 * Counts one try, in one statement so two at once cannot both pass the limit; undefined once the tries are spent or the
 * code used.
 */
export async function spendPhoneCodeTry(db: Database, id: number, maxTries: number): Promise<number | undefined> {
  const [row] = await db
    .update(phoneCodes)
    .set({ tries: sql`${phoneCodes.tries} + 1` })
    .where(and(eq(phoneCodes.id, id), lt(phoneCodes.tries, maxTries), isNull(phoneCodes.usedAt)))
    .returning({ tries: phoneCodes.tries });
  return row?.tries;
}

/** Marks the code used; false when another request used it first (a code signs in once). */
export async function usePhoneCode(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(phoneCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(phoneCodes.id, id), isNull(phoneCodes.usedAt)))
    .returning({ id: phoneCodes.id });
  return rows.length === 1;
}
